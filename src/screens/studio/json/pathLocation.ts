/**
 * Where a dotted JSON path is in a JSON text: the server's complete check names its problems by path
 * (`form.uiSchema.color.ui:widget`, `list.columns.4.field`, a key holding a dot, a space, a bracket
 * or a quote written `["a.b"]`: server/definitions/check/problem.ts, `dotted`), and the JSON pane
 * shows each one at its place in the text. Pure: a small tolerant scanner, no editor needed.
 */

/** A range of the text, `from` included, `to` excluded. */
export interface TextRange {
  from: number;
  to: number;
}

/** The keys and indexes of a dotted path: `list.columns["a.b"].4` → `['list', 'columns', 'a.b', '4']`. */
export function pathSegments(path: string): string[] {
  const segments: string[] = [];
  let at = 0;
  while (at < path.length) {
    if (path[at] === '.') {
      at++;
      continue;
    }
    if (path[at] === '[') {
      const bracketed = readBracketed(path, at);
      if (bracketed) {
        segments.push(bracketed.key);
        at = bracketed.end;
        continue;
      }
    }
    // A key runs to the next dot or bracketed key (a '[' that opens none is part of the key).
    let end = at + 1;
    while (end < path.length && path[end] !== '.' && !(path[end] === '[' && readBracketed(path, end))) end++;
    segments.push(path.slice(at, end));
    at = end;
  }
  return segments;
}

/** `["a.b"]` or `[4]` starting at `at`: the key and where it ends; undefined when it is neither. */
function readBracketed(path: string, at: number): { key: string; end: number } | undefined {
  if (path[at + 1] === '"') {
    const close = stringEnd(path, at + 1);
    if (close === undefined || path[close] !== ']') return undefined;
    try {
      return { key: JSON.parse(path.slice(at + 1, close)) as string, end: close + 1 };
    } catch {
      return undefined;
    }
  }
  const digits = /^\[(\d+)\]/.exec(path.slice(at));
  return digits ? { key: digits[1]!, end: at + digits[0].length } : undefined;
}

/** The position after the closing quote of the JSON string opening at `at`; undefined when it does not close. */
function stringEnd(text: string, at: number): number | undefined {
  for (let i = at + 1; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '"') return i + 1;
    else if (char === '\n' || char === '\r') return undefined;
  }
  return undefined;
}

/** A value of the text, as far as it could be read. */
type JsonNode =
  { kind: 'object'; from: number; members: Member[] } | { kind: 'array'; from: number; items: JsonNode[] } | { kind: 'scalar'; from: number; to: number };

interface Member {
  key: string;
  keyFrom: number;
  keyTo: number;
  value?: JsonNode;
}

/** Thrown where the text stops being JSON: what was read before it is kept. */
class Stop extends Error {}

/**
 * Reads the JSON text into nodes with their positions. Tolerant: at the first syntax error it stops,
 * and the values read so far (an object's first members, an array's first items) stay, so the paths
 * before an error made while typing are still found.
 */
function scan(text: string): JsonNode | undefined {
  let at = 0;
  const space = () => {
    while (at < text.length && (text[at] === ' ' || text[at] === '\n' || text[at] === '\r' || text[at] === '\t')) at++;
  };
  const string = (): TextRange => {
    const end = stringEnd(text, at);
    if (end === undefined) throw new Stop();
    const range = { from: at, to: end };
    at = end;
    return range;
  };
  // Each container is attached to its parent before its content is read, so it survives a Stop.
  const value = (attach: (node: JsonNode) => void): void => {
    space();
    const char = text[at];
    const from = at;
    if (char === '{') {
      const node: JsonNode = { kind: 'object', from, members: [] };
      attach(node);
      at++;
      space();
      if (text[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') throw new Stop();
        const key = string();
        const member: Member = { key: decode(text.slice(key.from, key.to)), keyFrom: key.from, keyTo: key.to };
        node.members.push(member);
        space();
        if (text[at] !== ':') throw new Stop();
        at++;
        value((child) => (member.value = child));
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') {
          at++;
          return;
        } else throw new Stop();
      }
    }
    if (char === '[') {
      const node: JsonNode = { kind: 'array', from, items: [] };
      attach(node);
      at++;
      space();
      if (text[at] === ']') {
        at++;
        return;
      }
      for (;;) {
        value((child) => node.items.push(child));
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') {
          at++;
          return;
        } else throw new Stop();
      }
    }
    if (char === '"') {
      attach({ kind: 'scalar', ...string() });
      return;
    }
    // A number, true, false or null: up to the next delimiter.
    while (at < text.length && !/[\s,:[\]{}"]/.test(text[at]!)) at++;
    if (at === from) throw new Stop();
    attach({ kind: 'scalar', from, to: at });
  };
  let root: JsonNode | undefined;
  try {
    value((node) => (root = node));
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return root;
}

/** A key's text: the JSON string decoded, or as written when it does not decode. */
function decode(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/** A value's place: a scalar whole, an object or an array by its opening bracket. */
function valueRange(node: JsonNode): TextRange {
  return node.kind === 'scalar' ? { from: node.from, to: node.to } : { from: node.from, to: node.from + 1 };
}

/** A member's place: its key, and its value too when that is a scalar (`"ui:widget": "colour"`). */
function memberRange(member: Member): TextRange {
  return { from: member.keyFrom, to: member.value?.kind === 'scalar' ? member.value.to : member.keyTo };
}

/** Where a path is, and whether it is there itself or only its nearest ancestor. */
export function locate(text: string, path: string): (TextRange & { exact: boolean }) | undefined {
  let node: JsonNode | undefined = scan(text);
  if (!node) return undefined;
  let range = valueRange(node);
  for (const segment of pathSegments(path)) {
    let next: { range: TextRange; node: JsonNode | undefined } | undefined;
    if (node?.kind === 'object') {
      // The last of duplicate keys, as JSON.parse keeps it.
      const member: Member | undefined = node.members.findLast((candidate) => candidate.key === segment);
      if (member) next = { range: memberRange(member), node: member.value };
    } else if (node?.kind === 'array' && /^\d+$/.test(segment)) {
      const item: JsonNode | undefined = node.items[Number(segment)];
      if (item) next = { range: valueRange(item), node: item };
    }
    if (!next) return { ...range, exact: false };
    range = next.range;
    node = next.node;
  }
  return { ...range, exact: true };
}

/**
 * Where a dotted JSON path (`list.columns.4.field`, `form.uiSchema["a.b"]`) is in a JSON text: the
 * property's key (with its value when that is a string, number, boolean or null), an array item's
 * value (an object or array item by its opening bracket), the root value for the empty path. A path
 * not in the text gives its nearest ancestor that is; a text that does not start with a JSON value
 * gives undefined. A text with a syntax error is read up to the error.
 */
export function locatePath(text: string, path: string): TextRange | undefined {
  const found = locate(text, path);
  return found && { from: found.from, to: found.to };
}
