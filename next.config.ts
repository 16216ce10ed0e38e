import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // A second build directory lets a development check run beside the test build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // FORK_LAB_SOURCE_MAPS=1 (with NEXT_DIST_DIR=.next-prof): browser source maps, for profiling a build.
  productionBrowserSourceMaps: process.env.FORK_LAB_SOURCE_MAPS === '1',
  // Native / large server-only packages: load them from node_modules at runtime
  // instead of bundling (bundling gpt-tokenizer's encodings triples build time).
  serverExternalPackages: ['better-sqlite3', 'gpt-tokenizer'],
};

export default nextConfig;
