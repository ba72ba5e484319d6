import type { Provider } from "../../../runtime/index.ts";

/**
 * What the agent's services can do, as plugin-bootstrap's CAPABILITIES: the first instance of
 * each service type that describes itself, `{{agentName}}` replaced by the character's name.
 * Dynamic (runs when a plan asks for it): plugin-bootstrap 1.7.2 exports it but no longer
 * registers it, so an elizaOS prompt has no capabilities section unless someone asks.
 */
export const capabilitiesProvider: Provider = {
  name: "CAPABILITIES",
  description: "What the agent's running services can do",
  dynamic: true,
  async get(runtime) {
    const services = runtime.getAllServices();
    if (services.size === 0) return { text: "No services are currently registered." };
    const capabilities: string[] = [];
    for (const [serviceType, instances] of services) {
      const description = instances[0]?.capabilityDescription;
      if (!description) continue;
      // elizaOS replaces the first placeholder only; so does this, for the same prompt.
      capabilities.push(
        `${serviceType} - ${description.replace("{{agentName}}", runtime.character.name)}`,
      );
    }
    if (capabilities.length === 0) {
      return { text: "No capability descriptions found in the registered services." };
    }
    return {
      data: { capabilities },
      text: `# ${runtime.character.name}'s Capabilities\n\n${capabilities.join("\n")}`,
    };
  },
};
