// The reads behind a tree view that a refresh replaces, when an older read may still run (the
// active connection changed, then a database was picked: two reads at once on the session's pool).
// Only the newest read's result is applied, once it is in; a read a refresh replaced changes
// nothing when it lands, and the view hears of a refresh once, after its result is applied.
// Why it matters: each change event of a tree makes VS Code drop the command arguments of every row
// it shows until the rows are drawn again, and a click on a row in between runs nothing ("Actual
// command not found"). The Statements view fired at a refresh's start and at the end of every read,
// replaced ones too, so a slow query clicked as soon as it showed could open no plan (CI on a busy
// machine). No `vscode` here, so it is unit-tested.

export class NewestRead<T> {
  private newest: Promise<void> | null = null;
  private generation = 0;

  constructor(
    /** reads everything; settles with a value (failures included in it), never rejects */
    private readonly read: () => Promise<T>,
    /** takes the newest read's value; `refreshed`: it came from refresh(), not from the first load */
    private readonly apply: (value: T, refreshed: boolean) => void,
  ) {}

  /** Waits until the newest read is applied; the first call starts the first read. */
  async load(): Promise<void> {
    for (;;) {
      this.newest ??= this.start(false);
      const awaited = this.newest;
      await awaited;
      // a refresh came while we waited: what it reads is what the caller shows
      if (awaited === this.newest) return;
    }
  }

  /** Starts a read that replaces any still running; resolves once the newest read is applied. */
  refresh(): Promise<void> {
    this.newest = this.start(true);
    return this.load();
  }

  private start(refreshed: boolean): Promise<void> {
    const generation = ++this.generation;
    return this.read().then((value) => {
      if (generation === this.generation) this.apply(value, refreshed);
    });
  }
}
