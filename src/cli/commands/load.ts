// Placeholder until its owner lands the real command family.
import type { Command } from 'commander';

export function registerLoadCommand(_program: Command): void {}
