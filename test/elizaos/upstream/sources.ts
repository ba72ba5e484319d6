// Where each of elizaOS's own test files comes from. They are read from elizaOS's repository
// (github.com/elizaOS/eliza, MIT) into files/ and are not committed here; README.md beside this
// file says how to bring them back. sha256 pins the exact text the expectations were made for.
export interface UpstreamSource {
  path: string;
  commit: string;
  sha256: string;
}

export const UPSTREAM_SOURCES: Record<string, UpstreamSource> = {
  "action-chaining-simple.test.ts": {
    path: "packages/core/src/__tests__/action-chaining-simple.test.ts",
    commit: "9214408bc35ec92aad4e5d6c6d5d61e12cf58578",
    sha256: "0aba9527cbce7dc76053b7b612e261d7c20a22030e9cb6ef1236ef58a8c8caf3",
  },
  "actions.test.ts": {
    path: "packages/core/src/__tests__/actions.test.ts",
    commit: "bdda7fb3beafb60199e713ccb512e1e3c96c23fe",
    sha256: "6ce3351547f637cee27ecdef95a8d12711a112057832448764b2a347b108fa69",
  },
  "agent-uuid.test.ts": {
    path: "packages/core/src/__tests__/agent-uuid.test.ts",
    commit: "18f77d0afd2db18e411d2b1c4332de0dd66c1045",
    sha256: "5af8b6d2db2e4f40a1d671b2c960680cb03fbb7c83c3a1c89dc9ba7109e61c41",
  },
  "buffer.test.ts": {
    path: "packages/core/src/__tests__/buffer.test.ts",
    commit: "d9717595e465d451d6261c05fbd67fb12f636c26",
    sha256: "72c6ae80f6d8595b931489e967605e4e2c1f05fba7984e090d24cd1bfbfda249",
  },
  "character-builder.test.ts": {
    path: "packages/core/src/__tests__/character-builder.test.ts",
    commit: "35585553dab336def8dd32b298f2943a42eff49f",
    sha256: "52c61eea33d05022f1c0c01c2e0dea8d1fe55686b6be06e38b5c0b46e58a29f2",
  },
  "character-validation-error.test.ts": {
    path: "packages/core/src/__tests__/character-validation-error.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "3faeb742eeab14ee48b34fafbff597b5cf8659b208f34c8dfe614f723755a52c",
  },
  "character-validation.test.ts": {
    path: "packages/core/src/__tests__/character-validation.test.ts",
    commit: "b365f8ae3c077abc1b9c7178455eca3bcf32c12d",
    sha256: "b3dfeb58a8ecd9d6318d817966ddc34b69ee21753517bf0ffdcaf5e0a6a65735",
  },
  "character.test.ts": {
    path: "packages/core/src/__tests__/character.test.ts",
    commit: "9214408bc35ec92aad4e5d6c6d5d61e12cf58578",
    sha256: "551bcb06bb03d971744d70fa78c15a10af64197076979d7b675c768e7f719478",
  },
  "database.test.ts": {
    path: "packages/core/src/__tests__/database.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "ecf33e94f1e3d0a98da6c102fe7970a9ff831c6b87c3618624f891f15a2a31ec",
  },
  "e2e-core-runtime.test.ts": {
    path: "packages/core/src/__tests__/e2e/core-runtime.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "1186a1ea4835cd6a2f5337d0e05258dd4635ddd47e9a314aae06b34507239cdb",
  },
  "elizaos-handlemessage.test.ts": {
    path: "packages/core/src/__tests__/elizaos-handlemessage.test.ts",
    commit: "7f781d42932359c33e1d077aed45bacc8b3853fe",
    sha256: "b15238795abe7bb1a03d64dd3a87e48a439168c8595d52908410836fd734fa6e",
  },
  "elizaos.test.ts": {
    path: "packages/core/src/__tests__/elizaos.test.ts",
    commit: "7f781d42932359c33e1d077aed45bacc8b3853fe",
    sha256: "400a7a052abb8c9e72516a02a115341657ad28a5590ca0ca679c4a9b83f511b3",
  },
  "ensure-agent-exists.test.ts": {
    path: "packages/core/src/__tests__/ensure-agent-exists.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "68677a1c4852ea76607ca670fcb17d37ac39b9d402cafc89b837c171ebc327df",
  },
  "entities.test.ts": {
    path: "packages/core/src/__tests__/entities.test.ts",
    commit: "95135e0d2cd48178d545af279a89bfa1fd390f3d",
    sha256: "cc0cdb5d720478ef4ae86cf7fee9ddbbc85297ca2f745ab7ab1c5a7b3607fb4c",
  },
  "env-precedence.test.ts": {
    path: "packages/core/src/__tests__/env-precedence.test.ts",
    commit: "4da004b4a65d12ec5987ea38564fccae00f457d1",
    sha256: "6fb9affa47f013bb00568450d1f7011f2b992fef46da49ae96fdc4be965e87d2",
  },
  "env.test.ts": {
    path: "packages/core/src/__tests__/env.test.ts",
    commit: "5082939054f1879b30fcab42beb7b4a96ff5beb7",
    sha256: "536fad46c6191f7747bc2dcd214ec7032dd6d99c3ac1f6b67cb49ff0b63c35d3",
  },
  "integration-character-runtime.test.ts": {
    path: "packages/core/src/__tests__/integration/character-runtime.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "cd22c8f792f280ae584b5ef29f3a5d3da194717c476705a0d486fd97200e9676",
  },
  "integration-memory-runtime.test.ts": {
    path: "packages/core/src/__tests__/integration/memory-runtime.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "86510908529a5b90313f0a4a98c38499b6d81d84e1b3dd353da3609598755a9e",
  },
  "logger-browser-node.test.ts": {
    path: "packages/core/src/__tests__/logger-browser-node.test.ts",
    commit: "7c96ed607c00711ddcd4ad3570e1a642876e5d61",
    sha256: "63c1012d46cd3c6a41864d74043fa15a8e8fdd9f9845dfdd7e7d3506b270b14f",
  },
  "logger.test.ts": {
    path: "packages/core/src/__tests__/logger.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "37a0c648350dccb2db0873d1baef5e26931afa80a46947fb9c3f32703155d104",
  },
  "memory.test.ts": {
    path: "packages/core/src/__tests__/memory.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "937f7927797fa3c27c30893c1e1693f7f8864e47ea863c210fc944c30e8af0e5",
  },
  "message-service.test.ts": {
    path: "packages/core/src/__tests__/message-service.test.ts",
    commit: "62cbd1d6d1c62b8b32b7e94b09d02b774bd773b9",
    sha256: "efe7a76d1212f545a05f5434ea48a5348b93f3efc0413a151eff57de9deef56f",
  },
  "messages.test.ts": {
    path: "packages/core/src/__tests__/messages.test.ts",
    commit: "73e532a177e49aac3a0f627c2a23d811f7d16600",
    sha256: "8a277173622154fe572745ce8673bd26d148180da9cf9119c25983b10255ad9e",
  },
  "messaging-types.test.ts": {
    path: "packages/core/src/__tests__/messaging-types.test.ts",
    commit: "7f781d42932359c33e1d077aed45bacc8b3853fe",
    sha256: "80b9a1a86fde3586786edcee558690ef507cd9a37581af60e88b8c9cec9c279b",
  },
  "parsing.test.ts": {
    path: "packages/core/src/__tests__/parsing.test.ts",
    commit: "5082939054f1879b30fcab42beb7b4a96ff5beb7",
    sha256: "2bbbe1b7aec6e79f775a7dedc2309f00a9e4723dc7ea82f20bdba47d9016c8d2",
  },
  "plugin.test.ts": {
    path: "packages/core/src/__tests__/plugin.test.ts",
    commit: "23519c1219cd94019dd33448ddbc52bfa6dd1a71",
    sha256: "32a8e06c5942ae737d1ea34f82ed06d60eb5be727b8514be6ce59b0623d3e2c6",
  },
  "prompts.test.ts": {
    path: "packages/core/src/__tests__/prompts.test.ts",
    commit: "1b13b3fde1346e50b4240e9be59937ee32f136d0",
    sha256: "e14be3bfda41a91cd9954988aacef970877de36b4b9d140cf5f332ed3f9c1ead",
  },
  "register-event.test.ts": {
    path: "packages/core/src/__tests__/register-event.test.ts",
    commit: "9da2cb9bf5b1333e98c5b3e505df87cd4500d64b",
    sha256: "8b162c98499bb060d60e6f3581f58d2b71b82ef1533deaadcf8883f790167a78",
  },
  "roles.test.ts": {
    path: "packages/core/src/__tests__/roles.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "88f266b22bc4b220e31705825eba3f94a41222668be8143c5f67f47d91d55577",
  },
  "runtime-embedding.test.ts": {
    path: "packages/core/src/__tests__/runtime-embedding.test.ts",
    commit: "dd338745cb075f0766fb7dc04df0f2cb018bd06e",
    sha256: "723b12f64e17b1dfd36f63ece889fdac6150ab4cfd82317a3e7df9d841702c57",
  },
  "runtime-generation.test.ts": {
    path: "packages/core/src/__tests__/runtime-generation.test.ts",
    commit: "9214408bc35ec92aad4e5d6c6d5d61e12cf58578",
    sha256: "4d6fdbab5d6da029983447562b65a39f29af372d5628ffdaf84437c2ddee462f",
  },
  "runtime-streaming.test.ts": {
    path: "packages/core/src/__tests__/runtime-streaming.test.ts",
    commit: "799da53bcd7d49e27135ff8b520adda070854cda",
    sha256: "26e63c3b8a2114829dfcf5c890890b2a891c08394b64dc2c8442fd712b014bf7",
  },
  "runtime.test.ts": {
    path: "packages/core/src/__tests__/runtime.test.ts",
    commit: "00cd28242e784145edda3b6e41c636aa0747b439",
    sha256: "21a44d898717ad44ae122036281dd18ae7e6c687d581b6a81d9f1306e3948289",
  },
  "search.test.ts": {
    path: "packages/core/src/__tests__/search.test.ts",
    commit: "5082939054f1879b30fcab42beb7b4a96ff5beb7",
    sha256: "1f3526bc95337f83d57072d1dfacbc1183e394c824be2de59ce91f3dec0577db",
  },
  "secrets-filtering.test.ts": {
    path: "packages/core/src/__tests__/secrets-filtering.test.ts",
    commit: "4da004b4a65d12ec5987ea38564fccae00f457d1",
    sha256: "1274c048b4026a5ca48f9ecc48443f8def001dc6675dc11052dc88ed6e9cc215",
  },
  "secrets.test.ts": {
    path: "packages/core/src/__tests__/secrets.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "395dcd625b5f2fe2b17779590e8c9520427c94945dda1fdb877fa557ee2fb94a",
  },
  "server-health.test.ts": {
    path: "packages/core/src/__tests__/server-health.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "a9c219d3084c06f2d62d36ea07bc8f551ae0d4b69ac2f09725783e745f873b81",
  },
  "services-by-type.test.ts": {
    path: "packages/core/src/__tests__/services-by-type.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "adebb174fb9073a313fa9dc6db15da17c48b95add7acef98628cc0a51aeebec5",
  },
  "services.test.ts": {
    path: "packages/core/src/__tests__/services.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "48c160ab590ce33b97e0b88ca92baec599eaba1fdc0507fd2dfbfbc408a76d1f",
  },
  "settings.test.ts": {
    path: "packages/core/src/__tests__/settings.test.ts",
    commit: "a4836eb7be6ae2be4cdf0b79b1e263048a900324",
    sha256: "e097cb9b9a51784527e2f50cf302fad2707480c2ae7e066e1d65a056cbc1abe6",
  },
  "streaming-context.test.ts": {
    path: "packages/core/src/__tests__/streaming-context.test.ts",
    commit: "9e6af382881f97bb0e8ca342b04c29cc99dcdfd3",
    sha256: "23c29fc7066b574f0e1e7e0b162776eee1aad2e5c2af3efd7dcf378692d6f0ad",
  },
  "test-helpers.ts": {
    path: "packages/core/src/__tests__/test-helpers.ts",
    commit: "dd338745cb075f0766fb7dc04df0f2cb018bd06e",
    sha256: "3a49425d58e5c90f94794ac891234078e3107eca6558ad8922d4d71225bdc33c",
  },
  "type-guards.test.ts": {
    path: "packages/core/src/__tests__/type-guards.test.ts",
    commit: "bf81de36683daf2ef959f27d51d98c6855dcafbc",
    sha256: "8275d2b34b53daf3666db42f554381dda872e73a64decdc4512651f20435fa33",
  },
  "utils-buffer.test.ts": {
    path: "packages/core/src/__tests__/utils/buffer.test.ts",
    commit: "3c35761b418520d8b726cf3211c7777e87e261b5",
    sha256: "323e4bed4afc7ae314b1f0e20abfac5b6db6d94ccc2a42e3634a5dbb0e1436bb",
  },
  "utils-crypto-compat.test.ts": {
    path: "packages/core/src/__tests__/utils/crypto-compat.test.ts",
    commit: "8cdb8474fe87da03d8b744663748a4fd2bcd94dd",
    sha256: "188f5f46d35f3e25a0decccab7fa178a17d6ce4bb4f932ca5d29caa749b5e72e",
  },
  "utils-environment.test.ts": {
    path: "packages/core/src/__tests__/utils/environment.test.ts",
    commit: "23693e47517cf535cd1aba510d3b1337c1e549c4",
    sha256: "f4cbad4037b5dd518ecf6480d58d2c982f474817c231ae61d5d6228da8773029",
  },
  "utils-paths.test.ts": {
    path: "packages/core/src/__tests__/utils/paths.test.ts",
    commit: "3c35761b418520d8b726cf3211c7777e87e261b5",
    sha256: "11fdbff6ee1daeb182f68e7797775485f9301d9c77b3a326bdb39826467bf7d0",
  },
  "utils-streaming.test.ts": {
    path: "packages/core/src/__tests__/utils/streaming.test.ts",
    commit: "5e8c73c182183f29f3a258addda3fe909cf82a6d",
    sha256: "8d83613ca6bc64420c6570238cb48655121809eff6f3739ae3405608a11237d3",
  },
  "utils-stringToUuid.test.ts": {
    path: "packages/core/src/__tests__/utils/stringToUuid.test.ts",
    commit: "3c35761b418520d8b726cf3211c7777e87e261b5",
    sha256: "079614014bfe3e689b6f95f3e9bbf3e60a032b9a9d13b65cb5d4e4aa6bc07c78",
  },
  "utils.test.ts": {
    path: "packages/core/src/__tests__/utils.test.ts",
    commit: "1ebdb65fbcd85c24b85f116d0ef6ea64d5cbca47",
    sha256: "a2089b41250120360cb981f75df6c2c6c108bba107b01553a237a92c8749b440",
  },
  "uuid.test.ts": {
    path: "packages/core/src/__tests__/uuid.test.ts",
    commit: "65830f3e96d1f1a374be718cccb1089ebe7e03f5",
    sha256: "3a158d54b4735b48e9d4226f989ce870dc543e513cca116ae3db7162e4797577",
  },
};
