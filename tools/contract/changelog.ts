import type { Finding } from './breaking-changes';

/**
 * The changelog records an accepted breaking change by writing its finding's
 * identifier, in backticks, in the Unreleased section (docs/changelog.md says
 * how). Identifiers under released versions no longer count: the released
 * document they were found against has been replaced.
 */
export function unreleasedSection(markdown: string): string {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => /^##\s+Unreleased\b/i.test(line));
  if (start === -1) return '';
  const end = lines.findIndex((line, index) => index > start && /^##\s/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** Every backticked text of the Unreleased section, spaces collapsed. */
export function recordedChanges(markdown: string): Set<string> {
  const recorded = new Set<string>();
  for (const match of unreleasedSection(markdown).matchAll(/`([^`\n]+)`/g)) recorded.add(match[1].trim().replace(/\s+/g, ' '));
  return recorded;
}

export function unrecorded(findings: Finding[], markdown: string): Finding[] {
  const recorded = recordedChanges(markdown);
  return findings.filter((finding) => !recorded.has(finding.id));
}
