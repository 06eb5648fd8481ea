import { renderPlaceholders, scanPlaceholders } from './placeholder.rules';

describe('placeholder grammar', () => {
  it('reads {{name}} with optional inner spaces, each name once in order of first use', () => {
    expect(scanPlaceholders('Hi {{first_name}}, see you {{ date }} at {{time}}; {{first_name}}!')).toEqual({
      names: ['first_name', 'date', 'time'],
      problems: [],
    });
    expect(scanPlaceholders('{{a.b-c_1}} {{_x}}').names).toEqual(['a.b-c_1', '_x']);
    expect(scanPlaceholders(`{{${'n'.repeat(64)}}}`).names).toEqual(['n'.repeat(64)]);
  });

  it('single braces and text without placeholders are literal', () => {
    expect(scanPlaceholders('Total: {5} or } or { alone')).toEqual({ names: [], problems: [] });
  });

  it.each([
    ['an empty placeholder', 'Hi {{}}', '"{{}}" at character 4 is not a valid placeholder: the name is missing'],
    ['blank braces', 'Hi {{  }}', '"{{  }}" at character 4 is not a valid placeholder: the name is missing'],
    ['a name with a space', 'Hi {{first name}}', '"{{first name}}" at character 4 is not a valid placeholder: a name is a letter or _'],
    ['a name starting with a digit', '{{1st}}', '"{{1st}}" at character 1 is not a valid placeholder'],
    ['a name of 65 characters', `{{${'n'.repeat(65)}}}`, 'at character 1 is not a valid placeholder'],
    ['triple braces', 'x {{{name}}}', '"{{{name}}" at character 3 is not a valid placeholder'],
    ['an unclosed placeholder', 'Hi {{name, welcome', '"{{name, welcome" at character 4 opens a placeholder that is never closed with }}'],
    ['an unclosed one before a good one', 'Hi {{name {{ok}}', '"{{name " at character 4 opens a placeholder that is never closed with }}'],
    ['a stray closing', 'Hi name}} there', '"}}" at character 8 closes no placeholder'],
    ['positions in characters, an emoji counting one', '😀😀 {{ }}', '"{{ }}" at character 4'],
  ])('%s', (_name, body, problem) => {
    const scan = scanPlaceholders(body);
    expect(scan.problems).toHaveLength(1);
    expect(scan.problems[0]).toContain(problem);
  });

  it('names every problem', () => {
    expect(scanPlaceholders('{{}} and }} and {{ok}} and {{bad name}}').problems).toHaveLength(3);
  });

  it('renders each placeholder with its value, inserting values literally', () => {
    expect(renderPlaceholders('Hi {{ name }}, {{name}}: {{code}}', { name: 'Ana', code: '{{name}} $& $1' })).toBe('Hi Ana, Ana: {{name}} $& $1');
  });
});
