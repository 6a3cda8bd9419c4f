// The fault flags of decisions.md 4, shared by every calling command (ping, tools, invoke, and any
// other command that sends signed requests): one definition, turned into the client's Faults.

import type { Command } from 'commander';
import { Option } from 'commander';
import type { Faults } from '../client/index.ts';
import { collect, parseHeaderCase, parseInteger } from './options.ts';
import type { HeaderCase } from './options.ts';

export interface FaultFlags {
  skewOffset?: number;
  wrongSecret?: boolean;
  tamperBody?: boolean;
  dropHeader?: string[];
  headerCase?: HeaderCase;
  protocolVersion?: string;
  replay?: boolean;
}

export function addFaultOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--skew-offset <seconds>',
        'fault: sign with the clock shifted by this many seconds (negative: in the past)',
      ).argParser(parseInteger('--skew-offset')),
    )
    .option('--wrong-secret', 'fault: sign with a random secret instead of the real one')
    .option('--tamper-body', 'fault: change one body byte after signing')
    .addOption(
      new Option('--drop-header <name>', 'fault: leave this header out (repeatable)').argParser(collect),
    )
    .addOption(
      new Option(
        '--header-case <case>',
        'fault: re-case the x-service-* header names: upper, lower or mixed',
      ).argParser(parseHeaderCase),
    )
    .option('--protocol-version <v>', 'fault: send this protocol version (body field and header)')
    .option('--replay', 'fault: deliver the identical signed request twice; the second answer is shown');
}

export function faultsFrom(flags: FaultFlags): Faults | undefined {
  const faults: Faults = {};
  if (flags.skewOffset !== undefined) faults.skewOffsetSeconds = flags.skewOffset;
  if (flags.wrongSecret) faults.wrongSecret = true;
  if (flags.tamperBody) faults.tamperBody = true;
  if (flags.dropHeader?.length) faults.dropHeaders = flags.dropHeader;
  if (flags.headerCase) faults.headerCase = flags.headerCase;
  if (flags.protocolVersion !== undefined) faults.protocolVersion = flags.protocolVersion;
  if (flags.replay) faults.replay = true;
  return Object.keys(faults).length > 0 ? faults : undefined;
}
