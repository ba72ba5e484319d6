// Where each of elizaOS's own test files comes from. They are read from elizaOS's repository
// (github.com/elizaOS/eliza, MIT) into files/ and are not committed here; README.md beside this
// file says how to bring them back. sha256 pins the exact text the expectations were made for.
export interface UpstreamSource {
  path: string;
  commit: string;
  sha256: string;
}

export const UPSTREAM_SOURCES: Record<string, UpstreamSource> = {
  "entities.test.ts": {
    path: "packages/core/src/__tests__/entities.test.ts",
    commit: "95135e0d2cd48178d545af279a89bfa1fd390f3d",
    sha256: "cc0cdb5d720478ef4ae86cf7fee9ddbbc85297ca2f745ab7ab1c5a7b3607fb4c",
  },
  "prompts.test.ts": {
    path: "packages/core/src/__tests__/prompts.test.ts",
    commit: "1b13b3fde1346e50b4240e9be59937ee32f136d0",
    sha256: "e14be3bfda41a91cd9954988aacef970877de36b4b9d140cf5f332ed3f9c1ead",
  },
  "runtime.test.ts": {
    path: "packages/core/src/__tests__/runtime.test.ts",
    commit: "00cd28242e784145edda3b6e41c636aa0747b439",
    sha256: "21a44d898717ad44ae122036281dd18ae7e6c687d581b6a81d9f1306e3948289",
  },
  "settings.test.ts": {
    path: "packages/core/src/__tests__/settings.test.ts",
    commit: "a4836eb7be6ae2be4cdf0b79b1e263048a900324",
    sha256: "e097cb9b9a51784527e2f50cf302fad2707480c2ae7e066e1d65a056cbc1abe6",
  },
  "utils.test.ts": {
    path: "packages/core/src/__tests__/utils.test.ts",
    commit: "1ebdb65fbcd85c24b85f116d0ef6ea64d5cbca47",
    sha256: "a2089b41250120360cb981f75df6c2c6c108bba107b01553a237a92c8749b440",
  },
};
