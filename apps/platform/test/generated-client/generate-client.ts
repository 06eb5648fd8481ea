import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

/** Where the generated types go (git-ignored: they are rebuilt from the served document on every run). */
export const GENERATED_TYPES = join(__dirname, '.generated', 'public-api.d.ts');
const JOURNEY = join(__dirname, 'readme-journey.ts');
const STAND_IN = join(__dirname, 'public-api.ts');

/** Generates the `paths` types from the document as served, the way an integrator would. */
export async function generateClientTypes(document: object, path = GENERATED_TYPES): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const documentPath = path.replace(/\.d\.ts$/, '.json');
  writeFileSync(documentPath, JSON.stringify(document));
  await promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), join(__dirname, 'generate-types.ts'), documentPath, path]);
}

const librarySources = new Map<string, ts.SourceFile | undefined>();

/**
 * Type-checks the journey with its `./public-api` import resolved to the
 * generated types instead of the stand-in: the compiler's errors, formatted.
 */
export function typeCheckJourney(typesPath = GENERATED_TYPES, journeyPath = JOURNEY): string[] {
  const configPath = resolve(__dirname, '../../../../tsconfig.base.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath));
  const compilerOptions = { ...options, noEmit: true, types: ['node'] };
  const host = ts.createCompilerHost(compilerOptions);
  // Library and @types files are the same for every check: parse them once.
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!fileName.includes('/node_modules/')) return getSourceFile(fileName, languageVersion, ...rest);
    if (!librarySources.has(fileName)) librarySources.set(fileName, getSourceFile(fileName, languageVersion, ...rest));
    return librarySources.get(fileName);
  };
  host.resolveModuleNameLiterals = (literals, containingFile, _redirect, resolverOptions) =>
    literals.map((literal) => {
      const resolved = ts.resolveModuleName(literal.text, containingFile, resolverOptions, host);
      if (resolved.resolvedModule?.resolvedFileName === STAND_IN) {
        return { resolvedModule: { resolvedFileName: typesPath, extension: ts.Extension.Dts, isExternalLibraryImport: false } };
      }
      return resolved;
    });
  const program = ts.createProgram([journeyPath], compilerOptions, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.formatDiagnostic(d, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => __dirname, getNewLine: () => '\n' }).trim());
}
