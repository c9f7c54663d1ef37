import { useState } from 'react';
import { readColumnChoice, saveColumnChoice, type ColumnChoice } from '../../lib/storage';

export interface ColumnChoiceState {
  /** The columns the user showed (true) or hid (false); a column not in it follows the width. */
  choice: ColumnChoice;
  /** Shows or hides one column, remembered in this browser. */
  setShown: (columnId: string, shown: boolean) => void;
  /** Forgets the choice: every column back to its default for the screen width. */
  reset: () => void;
}

/** A table's column choice, kept in local storage under `key` (`columnChoiceKey`). */
export function useColumnChoice(key: string): ColumnChoiceState {
  const [stored, setStored] = useState(() => ({ key, choice: readColumnChoice(key) }));
  let current = stored;
  // Another table (e.g. a tab switch reusing the component): read its own choice.
  if (stored.key !== key) {
    current = { key, choice: readColumnChoice(key) };
    setStored(current);
  }

  function update(choice: ColumnChoice) {
    saveColumnChoice(key, choice);
    setStored({ key, choice });
  }

  return {
    choice: current.choice,
    setShown: (columnId, shown) => update({ ...current.choice, [columnId]: shown }),
    reset: () => update({}),
  };
}
