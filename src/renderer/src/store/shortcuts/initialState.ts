// State of the keyboard layer: whether the shortcuts help is open. The key sequence in progress
// lives in the handler itself: nothing renders from it.

export interface ShortcutsState {
  helpOpen: boolean;
}

export const initialShortcutsState: ShortcutsState = {
  helpOpen: false,
};
