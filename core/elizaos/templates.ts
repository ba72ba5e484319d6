// elizaOS's exported prompt templates, written for eliza-edge: the same names, placeholders
// and XML output fields, so plugins that compose them and parse the answer with
// parseKeyValueXml get the keys they expect. messageHandlerTemplate and shouldRespondTemplate
// are eliza-edge's own (core/pipeline/messages/templates.ts), already in elizaOS's format.
export { messageHandlerTemplate, shouldRespondTemplate } from "../pipeline/index.ts";

/** Appended to yes/no questions. */
export const booleanFooter = "Respond with only a YES or a NO.";

export const postCreationTemplate = `<task>Write a social media post as {{agentName}} (@{{twitterUserName}}), in their voice.</task>

{{providers}}

<instructions>
Write a post that is {{adjective}} about {{topic}}, without naming {{topic}} outright.
One to three short sentences, under 280 characters in total, no questions, no emojis, no
hashtags, no commentary about this request. Separate sentences with \\n\\n when there are
several. Add an image prompt only when a picture would clearly help the post.
</instructions>

<output>
Respond with only this XML block:
<response>
  <thought>What you are writing about and why it fits {{agentName}}</thought>
  <post>The post text</post>
  <imagePrompt>One sentence describing an image for the post, or empty</imagePrompt>
</response>
</output>`;

export const imageDescriptionTemplate = `<task>Describe the attached image at three levels of detail.</task>

<instructions>
Look only at what is visible. Give a short title, a one- or two-sentence summary, and a full
description covering subjects, setting, composition, colours, lighting, mood and any text
shown in the image.
</instructions>

<output>
Respond with only this XML block:
<response>
  <title>A short descriptive title</title>
  <description>A one- or two-sentence summary</description>
  <text>The full, detailed description</text>
</response>
</output>`;

export const multiStepDecisionTemplate = `<task>
Choose the next step towards what the user asked for.
</task>

{{recentMessages}}

<instructions>
Each step may call any number of providers to gather data and at most one action. Name the
parameters the action needs. Set isFinish to true only when the request is fully handled and
no action is still pending; do not choose REPLY, the final reply is written separately.
</instructions>

{{actionsWithParams}}

{{providersWithDescriptions}}

Steps already taken in this run (avoid repeating them):
{{actionResults}}

<output>
<response>
  <thought>Why these providers and this action move the request forward</thought>
  <action>ACTION_NAME or empty</action>
  <parameters>{"name": "value"}</parameters>
  <providers>PROVIDER1,PROVIDER2</providers>
  <isFinish>true | false</isFinish>
</response>
</output>`;

export const multiStepSummaryTemplate = `<task>
Tell the user what was done and give the final answer.
</task>

{{bio}}

{{system}}

{{messageDirections}}

# Conversation
{{recentMessages}}

# Steps taken
{{actionResults}}

# Last reasoning
{{recentMessage}}

<output>
<response>
  <thought>Your thought here</thought>
  <text>Your final message to the user</text>
</response>
</output>
`;
