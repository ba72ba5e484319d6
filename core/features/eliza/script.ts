// Weizenbaum's DOCTOR script (CACM 9(1), January 1966, appendix), rewritten as data.
//
// The 1966 script is read the way the original program read it:
// - Every input word is first replaced by its substitution (I → YOU, MY → YOUR ...), so
//   decomposition patterns are written in the *substituted* words: "0 you are 0" is what
//   the user typed as "... I am ...".
// - A pattern is a space-separated list of: "0" (any number of words), "1".."9" (exactly
//   that many words), "@group" (one word of a synonym group, the script's DLIST tags and
//   "(* A B)" lists), or a literal word. "$N" in a reassembly is the text of the Nth element.
// - A reassembly is a reply template, or one of the script's control forms: `{ goto }`
//   ("=KEY": use that keyword's rules on the same text), `{ newkey: true }` (give up on
//   this keyword and try the next one on the stack) or `{ pre, goto }` (rewrite the text
//   with a template, then use another keyword's rules on it).
//
// Replies are written in sentence case with punctuation; the 1966 output was upper case.

export type Reassembly =
  | string
  | { goto: string }
  | { newkey: true }
  | { pre: string; goto: string };

export interface Decomposition {
  pattern: string;
  reassemblies: Reassembly[];
}

export interface Keyword {
  /** Higher ranks are tried first; equal ranks keep input order. The script's default is 0. */
  rank?: number;
  /** Use another keyword's rules (a keyword whose whole rule list is "=KEY"). */
  redirect?: string;
  rules?: Decomposition[];
}

export interface ElizaScript {
  greeting: string;
  /** Words rewritten before matching, most of them the I/YOU reflection. */
  substitutions: Record<string, string>;
  /** Synonym groups used as "@name" in patterns. */
  groups: Record<string, string[]>;
  keywords: Record<string, Keyword>;
  /** The MEMORY keyword: when it tops the stack, a reply is queued for later. */
  memory: { keyword: string; pattern: string; reassemblies: string[] };
  /** Used when no keyword applies and no memory is queued. */
  none: string[];
}

export const ELIZA_GREETING = "How do you do. Please tell me your problem.";

/** "Give up on this keyword": the script's NEWKEY. */
const NEWKEY = { newkey: true } as const;

const goto = (key: string) => ({ goto: key });

export const DOCTOR_SCRIPT: ElizaScript = {
  greeting: ELIZA_GREETING,

  substitutions: {
    i: "you",
    me: "you",
    my: "your",
    myself: "yourself",
    am: "are",
    "i'm": "you're",
    you: "i",
    your: "my",
    yourself: "myself",
    "you're": "i'm",
    were: "was",
    dreamed: "dreamt",
    dreams: "dream",
    mom: "mother",
    dad: "father",
    dont: "don't",
    cant: "can't",
    wont: "won't",
    // Not in 1966, but typed today as often as the forms above.
    im: "you're",
    youre: "i'm",
    "i've": "you've",
    "you've": "i've",
    "i'll": "you'll",
    "you'll": "i'll",
    "i'd": "you'd",
    "you'd": "i'd",
    mine: "yours",
    yours: "mine",
  },

  groups: {
    belief: ["feel", "think", "believe", "wish"],
    family: ["mother", "mom", "father", "dad", "sister", "brother", "wife", "children"],
    desire: ["want", "need"],
    sad: ["sad", "unhappy", "depressed", "sick"],
    happy: ["happy", "elated", "glad", "better"],
    cannot: ["can't", "cannot"],
    everyone: ["everyone", "everybody", "nobody", "noone"],
    be: ["am", "is", "are", "was"],
  },

  keywords: {
    sorry: {
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "Please don't apologise.",
            "Apologies are not necessary.",
            "What feelings do you have when you apologise?",
            "I've told you that apologies are not required.",
          ],
        },
      ],
    },
    remember: {
      rank: 5,
      rules: [
        {
          pattern: "0 you remember 0",
          reassemblies: [
            "Do you often think of $4?",
            "Does thinking of $4 bring anything else to mind?",
            "What else do you remember?",
            "Why do you remember $4 just now?",
            "What in the present situation reminds you of $4?",
            "What is the connection between me and $4?",
          ],
        },
        {
          pattern: "0 do i remember 0",
          reassemblies: [
            "Did you think I would forget $5?",
            "Why do you think I should recall $5 now?",
            "What about $5?",
            goto("what"),
            "You mentioned $5.",
          ],
        },
        { pattern: "0", reassemblies: [NEWKEY] },
      ],
    },
    if: {
      rank: 3,
      rules: [
        {
          pattern: "0 if 0",
          reassemblies: [
            "Do you think it's likely that $3?",
            "Do you wish that $3?",
            "What do you think about $3?",
            "Really, $2 $3?",
          ],
        },
      ],
    },
    dreamt: {
      rank: 4,
      rules: [
        {
          pattern: "0 you dreamt 0",
          reassemblies: [
            "Really, $4?",
            "Have you ever fantasied $4 while you were awake?",
            "Have you dreamt $4 before?",
            goto("dream"),
            NEWKEY,
          ],
        },
      ],
    },
    dreamed: { rank: 4, redirect: "dreamt" },
    dream: {
      rank: 3,
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "What does that dream suggest to you?",
            "Do you dream often?",
            "What persons appear in your dreams?",
            "Don't you believe that dream has something to do with your problem?",
            NEWKEY,
          ],
        },
      ],
    },
    dreams: { rank: 3, redirect: "dream" },
    how: { redirect: "what" },
    when: { redirect: "what" },
    alike: { rank: 10, redirect: "dit" },
    same: { rank: 10, redirect: "dit" },
    certainly: { redirect: "yes" },
    perhaps: {
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "You don't seem quite certain.",
            "Why the uncertain tone?",
            "Can't you be more positive?",
            "You aren't sure?",
            "Don't you know?",
          ],
        },
      ],
    },
    maybe: { redirect: "perhaps" },
    name: {
      rank: 15,
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "I am not interested in names.",
            "I've told you before, I don't care about names. Please continue.",
          ],
        },
      ],
    },
    deutsch: { redirect: "xfremd" },
    francais: { redirect: "xfremd" },
    français: { redirect: "xfremd" },
    italiano: { redirect: "xfremd" },
    espanol: { redirect: "xfremd" },
    español: { redirect: "xfremd" },
    xfremd: { rules: [{ pattern: "0", reassemblies: ["I am sorry, I speak only English."] }] },
    hello: {
      rules: [{ pattern: "0", reassemblies: ["How do you do. Please state your problem."] }],
    },
    hi: { redirect: "hello" },
    computer: {
      rank: 50,
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "Do computers worry you?",
            "Why do you mention computers?",
            "What do you think machines have to do with your problem?",
            "Don't you think computers can help people?",
            "What about machines worries you?",
            "What do you think about machines?",
          ],
        },
      ],
    },
    machine: { rank: 50, redirect: "computer" },
    machines: { rank: 50, redirect: "computer" },
    computers: { rank: 50, redirect: "computer" },
    am: {
      rules: [
        {
          pattern: "0 are you 0",
          reassemblies: [
            "Do you believe you are $4?",
            "Would you want to be $4?",
            "You wish I would tell you you are $4?",
            "What would it mean if you were $4?",
            goto("what"),
          ],
        },
        { pattern: "0", reassemblies: ["Why do you say 'am'?", "I don't understand that."] },
      ],
    },
    are: {
      rules: [
        {
          pattern: "0 are i 0",
          reassemblies: [
            "Why are you interested in whether I am $4 or not?",
            "Would you prefer if I weren't $4?",
            "Perhaps I am $4 in your fantasies.",
            "Do you sometimes think I am $4?",
            goto("what"),
          ],
        },
        {
          pattern: "0 are 0",
          reassemblies: [
            "Did you think they might not be $3?",
            "Would you like it if they were not $3?",
            "What if they were not $3?",
            "Possibly they are $3.",
          ],
        },
      ],
    },
    your: {
      rules: [
        {
          pattern: "0 my 0",
          reassemblies: [
            "Why are you concerned over my $3?",
            "What about your own $3?",
            "Are you worried about someone else's $3?",
            "Really, my $3?",
          ],
        },
      ],
    },
    was: {
      rank: 2,
      rules: [
        {
          pattern: "0 was you 0",
          reassemblies: [
            "What if you were $4?",
            "Do you think you were $4?",
            "Were you $4?",
            "What would it mean if you were $4?",
            "What does '$4' suggest to you?",
            goto("what"),
          ],
        },
        {
          pattern: "0 you was 0",
          reassemblies: [
            "Were you really?",
            "Why do you tell me you were $4 now?",
            "Perhaps I already knew you were $4.",
          ],
        },
        {
          pattern: "0 was i 0",
          reassemblies: [
            "Would you like to believe I was $4?",
            "What suggests that I was $4?",
            "What do you think?",
            "Perhaps I was $4.",
            "What if I had been $4?",
          ],
        },
        { pattern: "0", reassemblies: [NEWKEY] },
      ],
    },
    were: { rank: 2, redirect: "was" },
    "you're": { rules: [{ pattern: "0 i'm 0", reassemblies: [{ pre: "i are $3", goto: "you" }] }] },
    youre: { redirect: "you're" },
    "i'm": { rules: [{ pattern: "0 you're 0", reassemblies: [{ pre: "you are $3", goto: "i" }] }] },
    im: { redirect: "i'm" },
    i: {
      rules: [
        {
          pattern: "0 you @desire 0",
          reassemblies: [
            "What would it mean to you if you got $4?",
            "Why do you want $4?",
            "Suppose you got $4 soon.",
            "What if you never got $4?",
            "What would getting $4 mean to you?",
            "What does wanting $4 have to do with this discussion?",
          ],
        },
        {
          pattern: "0 you are 0 @sad 0",
          reassemblies: [
            "I am sorry to hear you are $5.",
            "Do you think coming here will help you not to be $5?",
            "I'm sure it's not pleasant to be $5.",
            "Can you explain what made you $5?",
          ],
        },
        {
          pattern: "0 you are 0 @happy 0",
          reassemblies: [
            "How have I helped you to be $5?",
            "Has your treatment made you $5?",
            "What makes you $5 just now?",
            "Can you explain why you are suddenly $5?",
          ],
        },
        { pattern: "0 you was 0", reassemblies: [goto("was")] },
        {
          pattern: "0 you @belief you 0",
          reassemblies: [
            "Do you really think so?",
            "But you are not sure you $5.",
            "Do you really doubt you $5?",
          ],
        },
        { pattern: "0 you 0 @belief 0 i 0", reassemblies: [goto("you")] },
        {
          pattern: "0 you are 0",
          reassemblies: [
            "Is it because you are $4 that you came to me?",
            "How long have you been $4?",
            "Do you believe it is normal to be $4?",
            "Do you enjoy being $4?",
          ],
        },
        {
          pattern: "0 you @cannot 0",
          reassemblies: [
            "How do you know you can't $4?",
            "Have you tried?",
            "Perhaps you could $4 now.",
            "Do you really want to be able to $4?",
          ],
        },
        {
          pattern: "0 you don't 0",
          reassemblies: [
            "Don't you really $4?",
            "Why don't you $4?",
            "Do you wish to be able to $4?",
            "Does that trouble you?",
          ],
        },
        {
          pattern: "0 you feel 0",
          reassemblies: [
            "Tell me more about such feelings.",
            "Do you often feel $4?",
            "Do you enjoy feeling $4?",
            "Of what does feeling $4 remind you?",
          ],
        },
        {
          pattern: "0 you 0 i 0",
          reassemblies: [
            "Perhaps in your fantasy we $3 each other.",
            "Do you wish to $3 me?",
            "You seem to need to $3 me.",
            "Do you $3 anyone else?",
          ],
        },
        {
          pattern: "0",
          reassemblies: [
            "You say $1.",
            "Can you elaborate on that?",
            "Do you say $1 for some special reason?",
            "That's quite interesting.",
          ],
        },
      ],
    },
    you: {
      rules: [
        { pattern: "0 i remind you of 0", reassemblies: [goto("dit")] },
        {
          pattern: "0 i are 0",
          reassemblies: [
            "What makes you think I am $4?",
            "Does it please you to believe I am $4?",
            "Do you sometimes wish you were $4?",
            "Perhaps you would like to be $4.",
          ],
        },
        {
          pattern: "0 i 0 you",
          reassemblies: [
            "Why do you think I $3 you?",
            "You like to think I $3 you, don't you?",
            "What makes you think I $3 you?",
            "Really, I $3 you?",
            "Do you wish to believe I $3 you?",
            "Suppose I did $3 you. What would that mean?",
            "Does someone else believe I $3 you?",
          ],
        },
        {
          pattern: "0 i 0",
          reassemblies: [
            "We were discussing you, not me.",
            "Oh, I $3?",
            "You're not really talking about me, are you?",
            "What are your feelings now?",
          ],
        },
      ],
    },
    yes: {
      rules: [
        {
          pattern: "0",
          reassemblies: ["You seem quite positive.", "You are sure.", "I see.", "I understand."],
        },
      ],
    },
    no: {
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "Are you saying 'no' just to be negative?",
            "You are being a bit negative.",
            "Why not?",
            "Why 'no'?",
          ],
        },
      ],
    },
    my: {
      rank: 2,
      rules: [
        {
          pattern: "0 your 0 @family 0",
          reassemblies: [
            "Tell me more about your family.",
            "Who else in your family $5?",
            "Your $4?",
            "What else comes to mind when you think of your $4?",
          ],
        },
        {
          pattern: "0 your 0",
          reassemblies: [
            "Your $3?",
            "Why do you say your $3?",
            "Does that suggest anything else which belongs to you?",
            "Is it important to you that $2 $3?",
          ],
        },
      ],
    },
    can: {
      rules: [
        {
          pattern: "0 can i 0",
          reassemblies: [
            "You believe I can $4, don't you?",
            goto("what"),
            "You want me to be able to $4.",
            "Perhaps you would like to be able to $4 yourself.",
          ],
        },
        {
          pattern: "0 can you 0",
          reassemblies: [
            "Whether or not you can $4 depends on you more than on me.",
            "Do you want to be able to $4?",
            "Perhaps you don't want to $4.",
            goto("what"),
          ],
        },
      ],
    },
    what: {
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "Why do you ask?",
            "Does that question interest you?",
            "What is it you really want to know?",
            "Are such questions much on your mind?",
            "What answer would please you most?",
            "What do you think?",
            "What comes to your mind when you ask that?",
            "Have you asked such questions before?",
            "Have you asked anyone else?",
          ],
        },
      ],
    },
    because: {
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "Is that the real reason?",
            "Don't any other reasons come to mind?",
            "Does that reason seem to explain anything else?",
            "What other reasons might there be?",
          ],
        },
      ],
    },
    why: {
      rules: [
        {
          pattern: "0 why don't i 0",
          reassemblies: [
            "Do you believe I don't $5?",
            "Perhaps I will $5 in good time.",
            "Should you $5 yourself?",
            "You want me to $5?",
            goto("what"),
          ],
        },
        {
          pattern: "0 why can't you 0",
          reassemblies: [
            "Do you think you should be able to $5?",
            "Do you want to be able to $5?",
            "Do you believe this will help you to $5?",
            "Have you any idea why you can't $5?",
            goto("what"),
          ],
        },
        { pattern: "0", reassemblies: [goto("what")] },
      ],
    },
    everyone: {
      rank: 2,
      rules: [
        {
          pattern: "0 @everyone 0",
          reassemblies: [
            "Really, $2?",
            "Surely not $2.",
            "Can you think of anyone in particular?",
            "Who, for example?",
            "You are thinking of a very special person?",
            "Who, may I ask?",
            "Someone special perhaps?",
            "You have a particular person in mind, don't you?",
            "Who do you think you're talking about?",
          ],
        },
      ],
    },
    everybody: { rank: 2, redirect: "everyone" },
    nobody: { rank: 2, redirect: "everyone" },
    noone: { rank: 2, redirect: "everyone" },
    always: {
      rank: 1,
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "Can you think of a specific example?",
            "When?",
            "What incident are you thinking of?",
            "Really, always?",
          ],
        },
      ],
    },
    like: {
      rank: 10,
      rules: [
        { pattern: "0 @be 0 like 0", reassemblies: [goto("dit")] },
        { pattern: "0", reassemblies: [NEWKEY] },
      ],
    },
    dit: {
      rules: [
        {
          pattern: "0",
          reassemblies: [
            "In what way?",
            "What resemblance do you see?",
            "What does that similarity suggest to you?",
            "What other connections do you see?",
            "What do you suppose that resemblance is?",
            "What is the connection?",
            "Could there really be some connection?",
            "How?",
          ],
        },
      ],
    },
  },

  memory: {
    keyword: "my",
    pattern: "0 your 0",
    reassemblies: [
      "Let's discuss further why your $3.",
      "Earlier you said your $3.",
      "But your $3?",
      "Does that have anything to do with the fact that your $3?",
    ],
  },

  none: [
    "I am not sure I understand you fully.",
    "Please go on.",
    "What does that suggest to you?",
    "Do you feel strongly about discussing such things?",
  ],
};
