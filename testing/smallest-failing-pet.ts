import { newPetOf, type NewPet } from '@petstore/core/pet.js';
import { isValid } from './pet-domain.js';

/** Whether storing this pet fails the rule; each question is one trip to the storage. */
export type FailsTheRule = (pet: NewPet) => Promise<boolean>;

/** The most trips a search for the smallest failing pet may take: a bound on a failing test's time. */
const MOST_TRIPS = 300;

/**
 * The smallest pet, near `failing`, that still fails: without its status, its categoryId as close to
 * 0 as still fails (a binary search: an integer column fails from a bound on), its name with every
 * run of characters left out that can be (delta debugging, by whole code points, never splitting a
 * surrogate pair). Only valid pets are tried.
 */
export async function smallestFailingPet(failing: NewPet, fails: FailsTheRule): Promise<NewPet> {
  let trips = 0;
  const stillFails = async (candidate: NewPet) => {
    if (trips >= MOST_TRIPS || !isValid(candidate)) return false;
    trips += 1;
    return fails(candidate);
  };
  let smallest = failing;
  const without = newPetOf({ name: smallest.name, categoryId: smallest.categoryId });
  if (smallest.status !== undefined && (await stillFails(without))) smallest = without;
  smallest = await withSmallestCategoryId(smallest, stillFails);
  return withShortestName(smallest, stillFails);
}

async function withSmallestCategoryId(pet: NewPet, stillFails: FailsTheRule): Promise<NewPet> {
  const sign = Math.sign(pet.categoryId);
  // 0, never -0: a storage need not keep the sign of a zero.
  const withMagnitude = (magnitude: number) => newPetOf({ ...pet, categoryId: magnitude === 0 ? 0 : sign * magnitude });
  if (await stillFails(withMagnitude(0))) return withMagnitude(0);
  // Fails at `high`, passes at `low`: the smallest magnitude that fails is in (low, high].
  let [low, high] = [0, Math.abs(pet.categoryId)];
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (await stillFails(withMagnitude(middle))) high = middle;
    else low = middle;
  }
  return withMagnitude(high);
}

async function withShortestName(pet: NewPet, stillFails: FailsTheRule): Promise<NewPet> {
  let characters = Array.from(pet.name);
  let run = Math.ceil(characters.length / 2);
  while (run >= 1) {
    let removed = false;
    for (let start = 0; start < characters.length && characters.length > 1; start += run) {
      const shorter = [...characters.slice(0, start), ...characters.slice(start + run)];
      if (shorter.length > 0 && (await stillFails(newPetOf({ ...pet, name: shorter.join('') })))) {
        characters = shorter;
        removed = true;
        start -= run;
      }
    }
    if (!removed) run = Math.floor(run / 2);
  }
  return newPetOf({ ...pet, name: characters.join('') });
}
