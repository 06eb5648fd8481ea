/** A timestamp column as the ISO string the proto messages carry. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toIsoOrUndefined(value: Date | string | null | undefined): string | undefined {
  return value === null || value === undefined ? undefined : toIso(value);
}

export function addSeconds(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * 1000);
}
