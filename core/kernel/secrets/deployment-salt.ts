// The deployment's SECRET_SALT, for elizaOS's salt helpers (getSalt), which take no runtime:
// plugin-bootstrap's SETTINGS provider and UPDATE_SETTINGS action encrypt onboarding secrets
// under getSalt(). elizaOS reads it from the process environment; eliza-edge's settings reach
// the runtime as parameters (a Worker has no such environment), so each runtime reports the SECRET_SALT its
// settings give (character, constructor settings, the target's env and bindings) here, and
// the salt helpers and the runtime's own secrets agree on every target. Several agents in one
// isolate with different salts: the last one constructed is the one getSalt() answers.
let salt: string | undefined;

export function setDeploymentSalt(value: string | undefined): void {
  if (value) salt = value;
}

export function deploymentSalt(): string | undefined {
  return salt;
}
