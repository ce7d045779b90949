import { describe, expect, it } from 'vitest';
import { commandList } from '../../scripts/command-list.js';

describe("the README's list of commands", () => {
  it('has a line for each command a user runs, its operands and options, a required option bare', () => {
    const lines = commandList().split('\n');
    expect(lines.at(0)).toBe('```text');
    expect(lines.at(-1)).toBe('```');
    expect(lines).toContain('petstore pets add --name <name> --category-id <id> [--status <status>] [--json]');
    expect(lines).toContain('petstore pets get <id> [--json]');
    expect(lines).toContain('petstore serve');
    // Groups are not commands of their own: `petstore pets` alone runs nothing.
    expect(lines.filter((line) => /^petstore (pets|keys)$/.test(line))).toEqual([]);
  });
});
