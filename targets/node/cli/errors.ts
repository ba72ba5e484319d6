// Exit codes: 0 done, 1 the command failed (bad config, unreachable storage, invalid file),
// 2 the command line itself is wrong. Expected failures print one line, never a stack.
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** The command line is wrong: unknown command or option, missing argument. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The command ran and could not do its job, for a reason the user can fix. */
export class CliError extends Error {
  override name = "CliError";
}
