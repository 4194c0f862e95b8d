// A cell or row broken over several lines, joined back piece by piece. Joining strings one line
// at a time and testing the growing text with a regex flattens it on every line: quadratic in a
// paste of thousands of lines. The pieces are kept apart and joined once.
import { isWhitespace } from './cellText';

export class WrappedText {
  private readonly parts: string[];

  constructor(first: string) {
    this.parts = [first];
  }

  /**
   * As `${first} ${second}`, dropping the spaces around the break when either side has some. A break
   * right after `key:` or an opening bracket, or right before a closing one or a comma, is joined
   * without a space: a tool that wraps a cell at its width breaks `table:t1` or `{num: 4}` there.
   */
  append(second: string): void {
    if (this.endsWithWhitespace() || isWhitespace(second.charCodeAt(0))) {
      this.trimEnd();
      const rest = second.trim();
      this.parts.push(this.gluedTo(rest) ? '' : ' ', rest);
    } else {
      this.parts.push(this.gluedTo(second) ? '' : ' ', second);
    }
  }

  toString(): string {
    return this.parts.length === 1 ? this.parts[0] : this.parts.join('');
  }

  /** The break between the text so far and `next` is inside a token: no space belongs there. */
  private gluedTo(next: string): boolean {
    const last = this.lastChar();
    return GLUED_AFTER.includes(last) || (next.length > 0 && GLUED_BEFORE.includes(next[0]));
  }

  private lastChar(): string {
    for (let i = this.parts.length - 1; i >= 0; i--) {
      const part = this.parts[i];
      if (part.length > 0) return part[part.length - 1];
    }
    return '';
  }

  private endsWithWhitespace(): boolean {
    for (let i = this.parts.length - 1; i >= 0; i--) {
      const part = this.parts[i];
      if (part.length > 0) return isWhitespace(part.charCodeAt(part.length - 1));
    }
    return false;
  }

  private trimEnd(): void {
    while (this.parts.length > 0) {
      const last = this.parts.length - 1;
      const kept = this.parts[last].trimEnd();
      if (kept !== '' || last === 0) {
        this.parts[last] = kept;
        return;
      }
      this.parts.pop();
    }
  }
}

const GLUED_AFTER = ':([{';
const GLUED_BEFORE = ')]},';

/** joinWrapped(first, second) for two strings: the same rule as WrappedText.append. */
export function joinWrapped(first: string, second: string): string {
  const text = new WrappedText(first);
  text.append(second);
  return text.toString();
}
