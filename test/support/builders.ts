import type { NewPet } from '../../core/pet.js';

let sequence = 0;

/** A valid NewPet; override only what the test is about. */
export function aNewPet(overrides: Partial<NewPet> = {}): NewPet {
  sequence += 1;
  return { name: `Rex ${sequence}`, categoryId: 1, ...overrides };
}
