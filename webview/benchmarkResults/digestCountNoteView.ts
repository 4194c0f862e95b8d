// performance_schema's count note under the Server section's table (the rule and the words are
// src/core/results/digestCountNote.ts): a note with both counts when the server counted slightly
// fewer statements than the client sent, a muted footnote when there is no client count to compare.
import type { DigestCountNote } from '../../src/core/results/digestCountNote';
import { element } from '../shared/dom';

export function digestCountNoteElement(note: DigestCountNote | null): HTMLElement | null {
  if (note === null) return null;
  return element(
    'p',
    { className: note.kind === 'short' ? 'server-count-note' : 'server-count-note muted', attributes: { 'data-count-note': note.kind } },
    note.text,
  );
}
