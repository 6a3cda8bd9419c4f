// The lazily built `ctb` program: its root help, made of stand-ins, must read exactly as the help
// of the program with every command family loaded, and argv must pick the family commander runs.

import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram, commandWord } from '../../../src/cli/program.ts';

function rootHelp(program: Command): string {
  program.configureOutput({ getOutHelpWidth: () => 100, getErrHelpWidth: () => 100 });
  return program.helpInformation();
}

describe('buildProgram', () => {
  it('lists every command in the root help the same way with or without their modules loaded', async () => {
    const lazy = rootHelp(await buildProgram(['--help']));
    const full = rootHelp(await buildProgram(['--help'], 'all'));
    expect(lazy).toBe(full);
    for (const name of ['serve', 'connector', 'ping', 'explain', 'conformance', 'load'])
      expect(lazy).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    // Loading every family's sources through the transform is slow on a busy machine.
  }, 60_000);

  it('loads the named family for real: its subcommands are registered', async () => {
    const program = await buildProgram(['connector', 'serve', '--port', '0']);
    const connector = program.commands.find((c) => c.name() === 'connector');
    expect(connector?.commands.map((c) => c.name())).toEqual(['serve']);
  });
});

describe('commandWord', () => {
  it.each([
    [['ping', '--url', 'http://x/serve'], 'ping'],
    [['--data-dir', 'load', 'serve'], 'serve'],
    [['--data-dir=d', 'conformance'], 'conformance'],
    [['help', 'explain'], 'explain'],
    [['--help'], undefined],
    [[], undefined],
  ])('finds the command commander dispatches on in %j', (argv, word) => {
    expect(commandWord(argv)).toBe(word);
  });
});
