// Which connection each SQL editor runs on (issue 29): the one it was bound to with Change Editor
// Connection, while that connection is still saved; else the active connection. Bindings are kept
// per document URI (stored for the window as a plain record) and dropped when the document closes.

/** The connection an editor's statements go to: `bound` says whether it is the editor's own. */
export type EditorConnection = { profileId: string; bound: true } | { profileId: string | undefined; bound: false };

export function editorConnection(
  boundId: string | undefined,
  activeId: string | undefined,
  isSaved: (profileId: string) => boolean,
): EditorConnection {
  if (boundId !== undefined && isSaved(boundId)) return { profileId: boundId, bound: true };
  return { profileId: activeId, bound: false };
}

/** document URI -> profile id, as stored (anything else in the stored value is ignored). */
export class EditorBindings {
  private readonly byUri = new Map<string, string>();

  constructor(stored?: unknown) {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return;
    for (const [uri, profileId] of Object.entries(stored)) if (typeof profileId === 'string') this.byUri.set(uri, profileId);
  }

  get(uri: string): string | undefined {
    return this.byUri.get(uri);
  }

  /** whether anything changed */
  bind(uri: string, profileId: string): boolean {
    if (this.byUri.get(uri) === profileId) return false;
    this.byUri.set(uri, profileId);
    return true;
  }

  /** whether the URI had a binding */
  unbind(uri: string): boolean {
    return this.byUri.delete(uri);
  }

  /** Drops the bindings of the URIs `keep` says no to (documents no longer open); whether any was dropped. */
  retain(keep: (uri: string) => boolean): boolean {
    const dropped = [...this.byUri.keys()].filter((uri) => !keep(uri));
    for (const uri of dropped) this.byUri.delete(uri);
    return dropped.length > 0;
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.byUri);
  }
}
