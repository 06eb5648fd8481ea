// The one GSM 03.38 rule of the platform (issue 28 point 3): what the API bills
// (segment counting) and what goes on the wire (data_coding 0x00) read this table.

/** Default alphabet in table order, 0x00-0x7F; 0x1B is the escape to the extension table, so it is left out. */
export const GSM7_DEFAULT_ALPHABET =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞ' +
  '\u001b' + // placeholder at 0x1B, never matched as a character (see below)
  'ÆæßÉ' +
  ' !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';

export const GSM7_ESCAPE = 0x1b;

/** Extension table: each character is sent as ESC + its code, so it costs two septets. */
export const GSM7_EXTENSION_TABLE: ReadonlyArray<readonly [char: string, code: number]> = [
  ['\f', 0x0a],
  ['^', 0x14],
  ['{', 0x28],
  ['}', 0x29],
  ['\\', 0x2f],
  ['[', 0x3c],
  ['~', 0x3d],
  [']', 0x3e],
  ['|', 0x40],
  ['€', 0x65],
];

export const GSM7_CODE_OF = new Map<string, number>(
  Array.from(GSM7_DEFAULT_ALPHABET, (char, code): [string, number] => [char, code]).filter(([, code]) => code !== GSM7_ESCAPE),
);
export const GSM7_EXTENSION_CODE_OF = new Map<string, number>(GSM7_EXTENSION_TABLE);
export const GSM7_CHAR_OF_EXTENSION = new Map<number, string>(GSM7_EXTENSION_TABLE.map(([char, code]) => [code, char]));

/** Septets a character (one code point) costs in GSM 03.38: 1, 2 (extension), or undefined (forces UCS-2). */
export function gsm7Septets(char: string): 1 | 2 | undefined {
  if (GSM7_CODE_OF.has(char)) return 1;
  if (GSM7_EXTENSION_CODE_OF.has(char)) return 2;
  return undefined;
}
