// Placeholder until its owner lands the real command family.
import type { Command } from 'commander';

export function registerAppCommands(_program: Command): void {}
