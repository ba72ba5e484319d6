// The Porter2 ("English") stemmer from the Snowball project, which elizaOS's BM25 applies when
// asked to stem. Written from the published algorithm
// (https://snowballstem.org/algorithms/english/stemmer.html); each step takes the longest
// matching suffix and, if that suffix's condition fails, leaves the word alone.

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);
const DOUBLES = new Set(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]);
const LI_ENDINGS = new Set(["c", "d", "e", "g", "h", "k", "m", "n", "r", "t"]);

const EXCEPTIONS = new Map<string, string>(
  Object.entries({
    skis: "ski",
    skies: "sky",
    dying: "die",
    lying: "lie",
    tying: "tie",
    idly: "idl",
    gently: "gentl",
    ugly: "ugli",
    early: "earli",
    only: "onli",
    singly: "singl",
    sky: "sky",
    news: "news",
    howe: "howe",
    atlas: "atlas",
    cosmos: "cosmos",
    bias: "bias",
    andes: "andes",
  }),
);
const AFTER_1A = new Set([
  "inning",
  "outing",
  "canning",
  "herring",
  "earring",
  "proceed",
  "exceed",
  "succeed",
]);
const R1_PREFIXES = ["gener", "commun", "arsen"];

const isVowel = (word: string, i: number) => VOWELS.has(word[i] ?? "");

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionAfter(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) {
    if (!isVowel(word, i) && isVowel(word, i - 1)) return i + 1;
  }
  return word.length;
}

/** A short syllable ending at index `end` (inclusive). */
function shortSyllableAt(word: string, end: number): boolean {
  if (end === 1) return isVowel(word, 0) && !isVowel(word, 1);
  const last = word[end] ?? "";
  return (
    end >= 2 &&
    !isVowel(word, end - 2) &&
    isVowel(word, end - 1) &&
    !isVowel(word, end) &&
    last !== "w" &&
    last !== "x" &&
    last !== "Y"
  );
}

function longest(word: string, suffixes: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const s of suffixes) {
    if (word.endsWith(s) && (best === undefined || s.length > best.length)) best = s;
  }
  return best;
}

function hasVowel(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isVowel(text, i)) return true;
  return false;
}

const STEP2: Record<string, string> = {
  tional: "tion",
  enci: "ence",
  anci: "ance",
  abli: "able",
  entli: "ent",
  izer: "ize",
  ization: "ize",
  ational: "ate",
  ation: "ate",
  ator: "ate",
  alism: "al",
  aliti: "al",
  alli: "al",
  fulness: "ful",
  ousli: "ous",
  ousness: "ous",
  iveness: "ive",
  iviti: "ive",
  biliti: "ble",
  bli: "ble",
  ogi: "og",
  fulli: "ful",
  lessli: "less",
  li: "",
};
const STEP3: Record<string, string> = {
  tional: "tion",
  ational: "ate",
  alize: "al",
  icate: "ic",
  iciti: "ic",
  ical: "ic",
  ful: "",
  ness: "",
  ative: "",
};
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
  "ion",
];

export function stem(input: string): string {
  if (input.length < 3) return input;
  const exception = EXCEPTIONS.get(input);
  if (exception !== undefined) return exception;

  // y at the start or after a vowel is a consonant: mark it Y.
  let w = "";
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    w += c === "y" && (i === 0 || VOWELS.has(w[i - 1] ?? "")) ? "Y" : c;
  }
  const prefix = R1_PREFIXES.find((p) => w.startsWith(p));
  const r1 = prefix ? prefix.length : regionAfter(w, 0);
  const r2 = regionAfter(w, r1);
  const inR1 = (suffix: string) => w.length - suffix.length >= r1;
  const inR2 = (suffix: string) => w.length - suffix.length >= r2;
  const isShort = () => shortSyllableAt(w, w.length - 1) && r1 >= w.length;

  // Step 1a
  const s1a = longest(w, ["sses", "ied", "ies", "us", "ss", "s"]);
  if (s1a === "sses") w = w.slice(0, -2);
  else if (s1a === "ied" || s1a === "ies") w = w.slice(0, -3) + (w.length > 4 ? "i" : "ie");
  else if (s1a === "s" && hasVowel(w.slice(0, -2))) w = w.slice(0, -1);
  if (AFTER_1A.has(w)) return w;

  // Step 1b
  const s1b = longest(w, ["eed", "eedly", "ed", "edly", "ing", "ingly"]);
  if (s1b === "eed" || s1b === "eedly") {
    if (inR1(s1b)) w = `${w.slice(0, -s1b.length)}ee`;
  } else if (s1b && hasVowel(w.slice(0, -s1b.length))) {
    w = w.slice(0, -s1b.length);
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (DOUBLES.has(w.slice(-2))) w = w.slice(0, -1);
    else if (isShort()) w += "e";
  }

  // Step 1c
  if ((w.endsWith("y") || w.endsWith("Y")) && w.length > 2 && !isVowel(w, w.length - 2)) {
    w = `${w.slice(0, -1)}i`;
  }

  // Step 2
  const s2 = longest(w, Object.keys(STEP2));
  if (s2 && inR1(s2)) {
    const before = w.slice(0, -s2.length);
    if (s2 === "ogi") {
      if (before.endsWith("l")) w = `${before}og`;
    } else if (s2 === "li") {
      if (LI_ENDINGS.has(before.slice(-1))) w = before;
    } else {
      w = before + STEP2[s2];
    }
  }

  // Step 3
  const s3 = longest(w, Object.keys(STEP3));
  if (s3 && inR1(s3) && (s3 !== "ative" || inR2(s3))) w = w.slice(0, -s3.length) + STEP3[s3];

  // Step 4
  const s4 = longest(w, STEP4);
  if (s4 && inR2(s4)) {
    const before = w.slice(0, -s4.length);
    if (s4 !== "ion" || before.endsWith("s") || before.endsWith("t")) w = before;
  }

  // Step 5
  if (w.endsWith("e")) {
    const before = w.slice(0, -1);
    if (inR2("e") || (inR1("e") && !shortSyllableAt(before, before.length - 1))) w = before;
  } else if (w.endsWith("l") && inR2("l") && w.endsWith("ll")) {
    w = w.slice(0, -1);
  }

  return w.replaceAll("Y", "y");
}
