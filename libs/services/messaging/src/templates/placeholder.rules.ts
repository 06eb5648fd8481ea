/**
 * The placeholder grammar of a bodyTemplate (spec 2.4 "placeholders in double
 * braces"): `{{name}}`, spaces allowed inside the braces, the name a letter or
 * `_` then up to 63 letters, digits, `_`, `.` or `-`. Any other `{{` or `}}`
 * is an error rather than literal text, so a typo never reaches a recipient
 * as "Hi {{ first name }}".
 */
const NAME = '[A-Za-z_][A-Za-z0-9_.-]{0,63}';
const PLACEHOLDER_AT = new RegExp(`\\{\\{ *(${NAME}) *\\}\\}`, 'y');
const PLACEHOLDERS = new RegExp(`\\{\\{ *(${NAME}) *\\}\\}`, 'g');

const NAME_RULE = 'a name is a letter or _ followed by up to 63 letters, digits, _, . or -';
const SNIPPET_LENGTH = 24;

export interface PlaceholderScan {
  /** Each placeholder name once, in order of first use. */
  names: string[];
  /** One message per malformed `{{` or stray `}}`, naming its text and 1-based character position. */
  problems: string[];
}

/** 1-based position in characters (code points), as a person counts them. */
const positionOf = (text: string, index: number) => [...text.slice(0, index)].length + 1;

const snippet = (text: string) => {
  const chars = [...text];
  return chars.length > SNIPPET_LENGTH ? `${chars.slice(0, SNIPPET_LENGTH).join('')}...` : text;
};

export function scanPlaceholders(body: string): PlaceholderScan {
  const names: string[] = [];
  const problems: string[] = [];
  let i = 0;
  while (i < body.length) {
    if (body.startsWith('{{', i)) {
      PLACEHOLDER_AT.lastIndex = i;
      const match = PLACEHOLDER_AT.exec(body);
      if (match) {
        if (!names.includes(match[1])) names.push(match[1]);
        i = PLACEHOLDER_AT.lastIndex;
        continue;
      }
      const close = body.indexOf('}}', i + 2);
      const nextOpen = body.indexOf('{{', i + 2);
      const at = positionOf(body, i);
      if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
        problems.push(`"${snippet(body.slice(i, nextOpen === -1 ? undefined : nextOpen))}" at character ${at} opens a placeholder that is never closed with }}`);
        i += 2;
      } else {
        const text = body.slice(i, close + 2);
        const empty = text.slice(2, -2).trim() === '';
        problems.push(`"${snippet(text)}" at character ${at} is not a valid placeholder: ${empty ? 'the name is missing' : NAME_RULE}`);
        i = close + 2;
      }
      continue;
    }
    if (body.startsWith('}}', i)) {
      problems.push(`"}}" at character ${positionOf(body, i)} closes no placeholder`);
      i += 2;
      continue;
    }
    i += 1;
  }
  return { names, problems };
}

/** The text with every placeholder replaced by its parameter; values are inserted as they are, never read as placeholders. */
export function renderPlaceholders(body: string, parameters: Readonly<Record<string, string>>): string {
  return body.replace(PLACEHOLDERS, (_whole, name: string) => parameters[name] ?? '');
}
