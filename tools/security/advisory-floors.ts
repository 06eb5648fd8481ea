/** A package's lowest safe versions (tools/security/advisory-floors.json). */
export interface AdvisoryFloor {
  package: string;
  /** First patched version of each affected major line. */
  fixedIn: string[];
  advisories: string[];
}

/** One installed copy of a package, as package-lock.json records it. */
export interface InstalledPackage {
  name: string;
  version: string;
  /** Its path in node_modules (a package may be installed more than once). */
  path: string;
}

export interface FloorViolation extends InstalledPackage {
  floor: string;
  advisories: string[];
}

type LockEntry = { version?: string; dev?: boolean; link?: boolean };

const parts = (version: string): number[] =>
  version
    .replace(/[-+].*$/, '')
    .split('.')
    .map((n) => Number(n) || 0);

const compare = (a: string, b: string): number => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/** The floor that applies to `version`: its own line's, or the lowest one when its line is older than every listed line. */
export function floorFor(version: string, fixedIn: string[]): string | undefined {
  const major = parts(version)[0];
  const sameLine = fixedIn.find((fixed) => parts(fixed)[0] === major);
  if (sameLine) return sameLine;
  const lowest = [...fixedIn].sort(compare)[0];
  return lowest && compare(version, lowest) < 0 ? lowest : undefined;
}

/** Every copy of a package that production installs (`npm ci --omit=dev`): dev-only entries and workspace links are left out. */
export function runtimePackages(lock: { packages: Record<string, LockEntry> }): InstalledPackage[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.includes('node_modules/') && entry.version && !entry.dev && !entry.link)
    .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version!, path }));
}

export function violations(installed: InstalledPackage[], floors: AdvisoryFloor[]): FloorViolation[] {
  return installed.flatMap((pkg) =>
    floors
      .filter((floor) => floor.package === pkg.name)
      .flatMap((floor) => {
        const needed = floorFor(pkg.version, floor.fixedIn);
        return needed && compare(pkg.version, needed) < 0 ? [{ ...pkg, floor: needed, advisories: floor.advisories }] : [];
      }),
  );
}
