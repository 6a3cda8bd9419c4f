// What the Scenarios screen holds: the open collection folder and its files, the file in the editor
// (saved text, draft, the engine parser's problem), and the last run with its steps as they arrive.

import type {
  ApiError,
  ScenarioFileDto,
  ScenarioProblemDto,
  ScenarioRunDto,
  ScenarioStepResultDto,
} from '../../../../shared/index.ts';

/** Where the last opened folder is remembered between launches. */
export const FOLDER_KEY = 'ctb.scenarios.folder';

export interface ScenariosState {
  /** The folder field as typed. */
  folderInput: string;
  /**
   * Bumped by every typed character and every open: an open (the remembered or default folder
   * included) whose listing arrives after a newer choice is dropped instead of overwriting it.
   */
  folderChoice: number;
  /** The open collection's real path, once the engine listed it. */
  folder: string | null;
  files: ScenarioFileDto[];
  listError: ApiError | null;
  selected: string | null;
  saved: string;
  draft: string;
  problem: ScenarioProblemDto | null;
  saveError: ApiError | null;
  /** True when a file changed on disk while the editor held unsaved changes to it. */
  changedOnDisk: boolean;
  running: boolean;
  runId: string | null;
  steps: ScenarioStepResultDto[];
  report: ScenarioRunDto | null;
  runError: ApiError | null;
  /** The last "Save as scenario" outcome, for the button that asked. */
  savedFrom: { name: string } | null;
  saveFromError: ApiError | null;
}

export const initialScenariosState: ScenariosState = {
  folderInput: '',
  folderChoice: 0,
  folder: null,
  files: [],
  listError: null,
  selected: null,
  saved: '',
  draft: '',
  problem: null,
  saveError: null,
  changedOnDisk: false,
  running: false,
  runId: null,
  steps: [],
  report: null,
  runError: null,
  savedFrom: null,
  saveFromError: null,
};
