// TODO describe core/runtime/plugins
export {
  namesPlugin,
  REPLACED_BY_DESIGN,
  replacementFor,
  shortPluginName,
} from "./plugin-names.ts";
export { missingDependencies, orderPlugins } from "./plugin-order.ts";
