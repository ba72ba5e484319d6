// The one Vercel function: the bundle `npm run build:vercel` (vercel.json's buildCommand) makes
// from targets/vercel/main.ts. Plain JavaScript, so Vercel serves the bundle as built.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../dist/vercel/main.mjs";
