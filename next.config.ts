import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native / large server-only packages: load them from node_modules at runtime
  // instead of bundling (bundling gpt-tokenizer's encodings triples build time).
  serverExternalPackages: ["better-sqlite3", "gpt-tokenizer"],
};

export default nextConfig;
