/** Background colours of generated avatars (readable with white text). */
const COLOURS = ['#2563eb', '#7c3aed', '#db2777', '#dc2626', '#ea580c', '#16a34a', '#0d9488', '#4f46e5'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A round SVG avatar with the first two letters of `name` in capitals (as the shell shows a user
 * without an image), on a colour chosen from the name so a player keeps theirs.
 */
export function initialsSvg(name: string): string {
  const letters = [...name.trim()].slice(0, 2).join('').toUpperCase() || '?';
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const colour = COLOURS[hash % COLOURS.length];
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" ' +
    `aria-label="${escapeXml(name)}"><circle cx="64" cy="64" r="64" fill="${colour}"/>` +
    '<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Poppins, Arial, sans-serif" ' +
    `font-size="52" font-weight="600" fill="#ffffff">${escapeXml(letters)}</text></svg>`
  );
}
