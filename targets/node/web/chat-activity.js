// The web chat's Activity panel: this conversation's runs (each reply's actions, their
// timings, the model's tokens, errors) and tasks (next run, last error, pause and resume),
// from GET /api/runs and GET /api/tasks. Plain script, no build step; loaded by chat.html,
// which calls window.elizaEdgeActivity.refresh() after each answer.

(() => {
  const style = document.createElement("style");
  style.textContent = `
  #activity-toggle { margin-left: auto; padding: .3rem .7rem; font-size: .9rem; }
  #activity { position: fixed; top: 0; right: 0; bottom: 0; width: min(26rem, 100vw); overflow-y: auto;
    background: var(--bg); border-left: 1px solid var(--line); padding: .75rem 1rem 2rem; z-index: 10;
    box-shadow: -4px 0 16px rgba(0,0,0,.15); font-size: .9rem; }
  #activity[hidden] { display: none; }
  #activity h2 { font-size: 1rem; margin: .75rem 0 .25rem; }
  #activity ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .5rem; }
  #activity li { border: 1px solid var(--line); border-radius: .5rem; padding: .4rem .6rem; background: var(--agent); }
  #activity .meta { color: var(--muted); font-size: .8rem; }
  #activity .failed { color: #d33; }
  #activity .actions span { display: inline-block; margin-right: .5rem; }
  #activity button { padding: .2rem .6rem; font-size: .8rem; margin-top: .25rem; }
  #activity .close { float: right; }`;
  document.head.append(style);

  const el = (tag, props = {}, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, props);
    node.append(...children); // text nodes only: run and task data is never HTML
    return node;
  };
  const toggle = el("button", { id: "activity-toggle", type: "button", textContent: "Activity" });
  toggle.setAttribute("aria-controls", "activity");
  toggle.setAttribute("aria-expanded", "false");
  document.querySelector("header").append(toggle);
  const panel = el("aside", { id: "activity", hidden: true });
  panel.setAttribute("aria-label", "Activity");
  const close = el("button", { className: "close", type: "button", textContent: "Close" });
  const runs = el("ul", { id: "runs" });
  const tasks = el("ul", { id: "tasks" });
  const note = el("p", { className: "meta", id: "activity-error" });
  panel.append(
    close,
    el("h2", { textContent: "Runs" }),
    runs,
    el("h2", { textContent: "Tasks" }),
    tasks,
    note,
  );
  document.body.append(panel);

  // The conversation the chat shows (chat.html keeps it; "New conversation" changes it).
  const roomId = () =>
    localStorage.getItem("eliza-edge:roomId") || `web:${localStorage.getItem("eliza-edge:userId")}`;
  async function call(path, method = "GET") {
    const headers = { "content-type": "application/json" };
    const token = localStorage.getItem("eliza-edge:token");
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(path, { method, headers });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(body.error?.message || `HTTP ${res.status}`);
    return body;
  }
  const clock = (ms) => (ms ? new Date(ms).toLocaleTimeString() : "—");

  function runItem(run) {
    const replyEl =
      run.replies?.length && document.querySelector(`.msg[data-id="${run.replies[0]}"]`);
    const snippet = replyEl
      ? replyEl.textContent.slice(0, 60)
      : run.didRespond === false
        ? "(no reply)"
        : "";
    const head = `${run.kind === "task" ? `task ${run.task?.name}` : "reply"} · ${run.status} · ${run.durationMs} ms`;
    const tokens = run.usage ? ` · ${run.usage.totalTokens} tokens` : "";
    const actions = el("div", { className: "actions" });
    for (const a of run.actions) {
      actions.append(
        el("span", {
          className: a.success ? "" : "failed",
          textContent: `${a.name} ${a.durationMs} ms${a.success ? "" : " failed"}`,
        }),
      );
    }
    const item = el(
      "li",
      { className: `run ${run.status}` },
      el("div", { textContent: head + tokens }),
      actions,
      el("div", {
        className: "meta",
        textContent: `${clock(run.endedAt)}${snippet ? ` · “${snippet}”` : ""}${run.error ? ` · ${run.error}` : ""}`,
      }),
    );
    item.dataset.runId = run.runId;
    if (replyEl) item.addEventListener("click", () => replyEl.scrollIntoView({ block: "center" }));
    return item;
  }

  function taskItem(task) {
    const paused = task.status === "paused";
    const button = el("button", { type: "button", textContent: paused ? "Resume" : "Pause" });
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await call(`/api/tasks/${task.id}/${paused ? "resume" : "pause"}`, "POST");
        await refresh();
      } catch (error) {
        note.textContent = error.message;
        button.disabled = false;
      }
    });
    const item = el(
      "li",
      { className: `task ${task.status}` },
      el("div", { textContent: `${task.description || task.name} · ${task.status}` }),
      el("div", {
        className: "meta",
        textContent: `next ${clock(task.nextRunAt)} · last ${clock(task.lastRunAt)}${task.failures ? ` · ${task.failures} failures` : ""}${task.lastError ? ` · ${task.lastError}` : ""}`,
      }),
      button,
    );
    item.dataset.taskId = task.id;
    return item;
  }

  async function refresh() {
    if (panel.hidden) return;
    try {
      const room = encodeURIComponent(roomId());
      const [runPage, taskList] = await Promise.all([
        call(`/api/runs?roomId=${room}&limit=20`),
        call(`/api/tasks?roomId=${room}`),
      ]);
      runs.replaceChildren(
        ...(runPage.runs.length
          ? runPage.runs.map(runItem)
          : [el("li", { className: "meta", textContent: "No runs yet." })]),
      );
      tasks.replaceChildren(
        ...(taskList.tasks.length
          ? taskList.tasks.map(taskItem)
          : [el("li", { className: "meta", textContent: "No tasks." })]),
      );
      note.textContent = "";
    } catch (error) {
      note.textContent = error.message;
    }
  }

  const show = (open) => {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) refresh();
  };
  toggle.addEventListener("click", () => show(panel.hidden));
  close.addEventListener("click", () => show(false));
  setInterval(() => {
    if (!document.hidden) refresh();
  }, 3000);
  window.elizaEdgeActivity = { refresh };
})();
