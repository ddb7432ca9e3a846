import type { TestProject } from 'vitest/node';
import { buildBundle } from './faults/process.js';

/**
 * Before any server test runs: bundles the server once (esbuild, as `npm start` ships it) for every
 * file that spawns it as a process (`serverBundle()`: faults, the cluster, the ready line), where
 * each file used to build its own. Removed after the last file.
 */
export default function setup(project: TestProject): () => void {
  const bundle = buildBundle();
  project.provide('serverBundle', bundle.main);
  return () => bundle.remove();
}
