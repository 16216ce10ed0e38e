import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // A second build directory lets a development check run beside the test build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Native / large server-only packages: load them from node_modules at runtime
  // instead of bundling (bundling gpt-tokenizer's encodings triples build time).
  serverExternalPackages: ['better-sqlite3', 'gpt-tokenizer'],
  experimental: {
    // The browser sends a parent to the server once per edit (an import registers it as it
    // answers). An imported parent may be as large as the import limit (64 MB, lib/import), and an
    // edit to it must still plan, so the limit is the import's plus room for the JSON around it.
    serverActions: { bodySizeLimit: '72mb' },
  },
};

export default nextConfig;
