import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packageManifest, PACKAGE_NAME } from './build-package.js';
import { VERSION } from '../sdk/version.js';

describe('the npm package’s manifest', () => {
  it('is a semver ES module package with its entry, declarations and script-tag build, and no dependency', () => {
    const manifest = packageManifest(VERSION) as {
      name: string;
      version: string;
      type: string;
      exports: Record<string, unknown>;
      files: string[];
      dependencies?: unknown;
      private?: unknown;
    };
    expect(manifest.name).toBe(PACKAGE_NAME);
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(manifest.type).toBe('module');
    expect(manifest.exports['.']).toEqual({
      types: './types/sdk/package.d.ts',
      import: './index.js',
      default: './index.js',
    });
    expect(manifest.exports['./global']).toEqual({ types: './global.d.ts' });
    expect(manifest.files).toEqual(
      expect.arrayContaining(['index.js', 'chunks/', 'types/', 'global.d.ts', 'embed/', 'CHANGELOG.md']),
    );
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.private).toBeUndefined();
  });

  it('has a changelog entry for the version it ships', () => {
    expect(readFileSync('CHANGELOG.md', 'utf8')).toMatch(new RegExp(`^## ${VERSION.replace(/\./g, '\\.')}$`, 'm'));
  });
});
