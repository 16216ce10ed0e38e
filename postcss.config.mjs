// Tailwind 4 runs as a PostCSS plugin in Next's CSS pipeline; app/globals.css says which layers it emits.
export default {
  plugins: { '@tailwindcss/postcss': {} },
};
