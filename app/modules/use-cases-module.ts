import { ContainerModule } from 'inversify';
import { CreatePet } from '../../core/use-cases/create-pet.js';
import { CreatePetOnce } from '../../core/use-cases/create-pet-once.js';
import { ExportPets } from '../../core/use-cases/export-pets.js';
import { GetPet } from '../../core/use-cases/get-pet.js';
import { ImportPets } from '../../core/use-cases/import-pets.js';
import { ListPets } from '../../core/use-cases/list-pets.js';
import { TOKENS, from, typedBind } from '../tokens.js';

/**
 * The core's use cases over the storage in use. An import writes through the storage as opened: its
 * batches, not each of its writes, are what is measured and traced.
 */
export const useCasesModule = new ContainerModule(({ bind }) => {
  const bindTo = typedBind(bind);
  const pets = async (c: Parameters<typeof from>[0]) => (await from(c, TOKENS.StorageInUse)).pets;
  bindTo(TOKENS.ListPets).toDynamicValue(async (c) => new ListPets(await pets(c)));
  bindTo(TOKENS.CreatePet).toDynamicValue(async (c) => new CreatePet(await pets(c)));
  bindTo(TOKENS.CreatePetOnce).toDynamicValue(async (c) => {
    const { pets: inUse, idempotency } = await from(c, TOKENS.StorageInUse);
    return new CreatePetOnce(inUse, idempotency);
  });
  bindTo(TOKENS.GetPet).toDynamicValue(async (c) => new GetPet(await pets(c)));
  bindTo(TOKENS.ExportPets).toDynamicValue(async (c) => new ExportPets(await pets(c)));
  bindTo(TOKENS.ImportPets).toDynamicValue(async (c) => {
    const opened = (await from(c, TOKENS.Storage)).pets;
    return new ImportPets(new CreatePet(opened), opened);
  });
});
