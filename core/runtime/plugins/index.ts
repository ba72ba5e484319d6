// Plugin names and the order plugins register in.
export {
  namesPlugin,
  REPLACED_BY_DESIGN,
  replacementFor,
  shortPluginName,
} from "./plugin-names.ts";
export { missingDependencies, orderPlugins } from "./plugin-order.ts";
