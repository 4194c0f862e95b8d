// Where JSON text stops being JSON: the offset, line and column of the first syntax error and what
// was expected there ("expected ',' or '}' after a value"). JSON.parse says that only in some
// Node versions, and then as an offset; an editor wants the line. Strict JSON (RFC 8259), no comments.

export interface JsonSyntaxError {
  offset: number;
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
  message: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Deeper nesting than this is reported rather than followed (no experiment file is that deep). */
const MAX_DEPTH = 512;

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let index = 0;
  const skipSpace = (): void => {
    while (index < text.length && ' \t\r\n'.includes(text[index])) index++;
  };
  const found = (): string => (index >= text.length ? 'the end of the text' : `'${text[index]}'`);
  const expect = (what: string): never => {
    throw new Stop(index, `expected ${what}, found ${found()}`);
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, index)) index += word.length;
    else expect('a value');
  };
  const string = (): void => {
    index++; // the opening quote
    for (;;) {
      if (index >= text.length) throw new Stop(index, 'a string is not closed');
      const char = text[index];
      if (char === '"') {
        index++;
        return;
      }
      if (char === '\n' || char === '\r') throw new Stop(index, 'a string is not closed before the end of the line');
      if (char.charCodeAt(0) < 0x20) throw new Stop(index, 'a control character inside a string');
      if (char === '\\') {
        const next = text[index + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) throw new Stop(index, 'a \\u escape needs four hex digits');
          index += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) throw new Stop(index, 'an unknown escape in a string');
        index += 2;
        continue;
      }
      index++;
    }
  };
  const number = (): void => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 400));
    if (!match) expect('a value');
    index += (match as RegExpExecArray)[0].length;
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) throw new Stop(index, 'nested too deeply');
    skipSpace();
    const char = text[index];
    if (char === '{') {
      index++;
      skipSpace();
      if (text[index] === '}') {
        index++;
        return;
      }
      for (;;) {
        skipSpace();
        if (text[index] !== '"')
          expect(text[index] === '}' ? 'another member after the comma (a trailing comma is not JSON)' : 'a member name in double quotes');
        string();
        skipSpace();
        if (text[index] !== ':') expect("':' after the member name");
        index++;
        value(depth + 1);
        skipSpace();
        if (text[index] === ',') {
          index++;
          continue;
        }
        if (text[index] === '}') {
          index++;
          return;
        }
        expect("',' or '}' after a value");
      }
    }
    if (char === '[') {
      index++;
      skipSpace();
      if (text[index] === ']') {
        index++;
        return;
      }
      for (;;) {
        skipSpace();
        if (text[index] === ']') expect('another value after the comma (a trailing comma is not JSON)');
        value(depth + 1);
        skipSpace();
        if (text[index] === ',') {
          index++;
          continue;
        }
        if (text[index] === ']') {
          index++;
          return;
        }
        expect("',' or ']' after a value");
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    expect('a value');
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) index = 1;
    value(0);
    skipSpace();
    if (index < text.length) expect('the end of the text after the value');
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split(/\r\n|\r|\n/).length;
    const column = error.offset - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r'));
    return { offset: error.offset, line, column, message: error.message };
  }
}
