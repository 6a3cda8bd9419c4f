// Placeholder until its owner lands the real command family.
import type { Command } from 'commander';

export function registerCallCommands(_program: Command): void {}
