// The web chat's icon: a speech bubble in the page's own blue, as SVG, which every current
// browser takes as a favicon. Served at /favicon.svg (the page links it) and at /favicon.ico,
// which browsers and link previews ask for without looking at the page.
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect x="4" y="6" width="56" height="42" rx="12" fill="#2f6fdf"/>
<path d="M16 46 12 60 30 46Z" fill="#2f6fdf"/>
<circle cx="20" cy="27" r="4.5" fill="#fff"/><circle cx="32" cy="27" r="4.5" fill="#fff"/><circle cx="44" cy="27" r="4.5" fill="#fff"/>
</svg>
`;

export const FAVICON_PATHS = ["/favicon.svg", "/favicon.ico"];

export const FAVICON_HEADERS = {
  "content-type": "image/svg+xml",
  "cache-control": "public, max-age=86400",
  "x-content-type-options": "nosniff",
};
