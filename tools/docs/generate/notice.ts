/** The comment at the top of a generated page: where it comes from and how to remake it. */
export function generatedNotice(source: string): string {
  return `<!-- Generated from ${source} by \`npm run docs:generate\`; edit the source, not this page. -->`;
}
