// The kit's builder: one home for what a valid NewPet looks like in a test.
export { aNewPet } from '../../testing/fixtures.js';
