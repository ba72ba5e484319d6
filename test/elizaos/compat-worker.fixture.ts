// A Worker that uses the elizaOS compat surface the way plugins do, for compat-bundle.test.ts:
// it must bundle without Node builtins and run in real workerd (no eval, no process).
import {
  BM25,
  composePromptFromState,
  decryptStringValue,
  encryptStringValue,
  logger,
  parseKeyValueXml,
  Service,
  stringToUuid,
  XmlTagExtractor,
} from "../../core/elizaos/index.ts";

class PingService extends Service {
  static override serviceType = "ping";
  override capabilityDescription = "pings";
}

export default {
  async fetch(): Promise<Response> {
    logger.info({ src: "worker" }, "compat worker called");
    const prompt = composePromptFromState({
      state: { values: { agentName: "Eliza", items: ["a", "b"] }, data: {}, text: "" },
      template: "{{agentName}}:{{#each items}}{{this}}{{/each}}",
    });
    const secret = encryptStringValue("s3cret", "salt");
    const service = (await PingService.start(undefined as never)) as PingService;
    const extractor = new XmlTagExtractor("text");
    const streamed = ["<te", "xt>hel", "lo</text>"].map((c) => extractor.push(c)).join("");
    return Response.json({
      prompt,
      parsed: parseKeyValueXml("<response><actions>REPLY</actions><text>hi</text></response>"),
      uuid: stringToUuid("test"),
      roundTrip: decryptStringValue(secret, "salt"),
      service: service.capabilityDescription,
      search: new BM25([{ t: "pasta water" }, { t: "bread" }]).search("pasta")[0]?.index,
      streamed,
    });
  },
};
