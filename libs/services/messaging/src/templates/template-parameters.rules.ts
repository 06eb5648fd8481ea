import type { FieldErrors } from '@mp/problems';
import type { Channel } from '../rules';
import { characterLength, MAX_BODY_LENGTH } from '../submission/submission-limits';
import { renderPlaceholders, scanPlaceholders } from './placeholder.rules';

/**
 * Fills a template's placeholders from `templateParameters` (DECISIONS
 * "Messages"). Every placeholder needs a non-blank value and every parameter
 * must be a placeholder; each problem names `templateParameters.<name>`, so a
 * recipient never gets a silently empty "Hi ,". The rendered text must fit
 * the channel's body limit (named `templateParameters`). Returns the text, or
 * undefined when something was added to errors.
 */
export function fillTemplate(
  template: { bodyTemplate: string; channel: Channel },
  parameters: Readonly<Record<string, string>>,
  errors: FieldErrors,
): string | undefined {
  const { names } = scanPlaceholders(template.bodyTemplate);
  let complete = true;
  for (const name of names) {
    const value = parameters[name];
    if (value === undefined) {
      errors.add(`templateParameters.${name}`, `templateParameters.${name} is required: the template has the placeholder {{${name}}}`);
      complete = false;
    } else if (value.trim() === '') {
      errors.add(`templateParameters.${name}`, `templateParameters.${name} must not be blank: the text would read incomplete`);
      complete = false;
    }
  }
  const known = names.length > 0 ? `its placeholders are ${names.join(', ')}` : 'it has no placeholders';
  for (const name of Object.keys(parameters)) {
    if (!names.includes(name)) {
      errors.add(`templateParameters.${name}`, `templateParameters.${name} is not a placeholder of the template (${known})`);
      complete = false;
    }
  }
  if (!complete) return undefined;
  const text = renderPlaceholders(template.bodyTemplate, parameters);
  const max = MAX_BODY_LENGTH[template.channel];
  const length = characterLength(text);
  if (length > max) {
    errors.add('templateParameters', `the text rendered from the template would be ${length} characters; at most ${max} for ${template.channel}`);
    return undefined;
  }
  return text;
}
