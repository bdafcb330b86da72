/** How the last action went, as the console's notices show it (components/fields.tsx Notice, SaveBar). */
export type NoticeTone = 'success' | 'error' | 'info';

export interface Outcome {
  tone: NoticeTone;
  text: string;
}

/** How a save went: for a version conflict, the save bar also offers to load the current version. */
export interface SaveOutcome extends Outcome {
  reload?: boolean;
}
