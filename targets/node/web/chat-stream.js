// The web chat's reader of a streamed answer (POST /api/messages with Accept:
// text/event-stream): calls `on[event](data)` for each server-sent event as it arrives and
// resolves with the `done` event's answer. A JSON error answer (400, 429 ...) or an `error`
// event rejects with its message. Plain script, no build step; loaded by chat.html.

window.elizaEdgeStream = {
  async readAnswer(response, on = {}) {
    const type = response.headers.get("content-type") || "";
    if (!response.ok || !type.startsWith("text/event-stream")) {
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body.error?.message || `HTTP ${response.status}`);
      return body; // a server without streaming answered with JSON: the same answer
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let answer;
    const dispatch = (block) => {
      let event = "message";
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (!data.length) return;
      const payload = JSON.parse(data.join("\n"));
      if (event === "error") throw new Error(payload.error?.message || "The agent failed");
      if (event === "done") answer = payload;
      on[event]?.(payload);
    };
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
      let end = buffer.search(/\r?\n\r?\n/);
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(buffer.slice(end).match(/^\r?\n\r?\n/)[0].length + end);
        dispatch(block);
        end = buffer.search(/\r?\n\r?\n/);
      }
      if (done) break;
    }
    if (buffer.trim()) dispatch(buffer);
    if (!answer) throw new Error("The answer ended early; it may still arrive: reload to check");
    return answer;
  },
};
