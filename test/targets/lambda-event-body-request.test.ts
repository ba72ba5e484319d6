// The Lambda handler's request keeps the event's body bytes instead of a web stream
// (targets/lambda/event-body-request.ts): it must read as a Request with that body reads.
import { Hono } from "hono";
import { handle } from "hono/aws-lambda";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../core/index.ts";
import { eventBodyRequest } from "../../targets/lambda/event-body-request.ts";
import { handleHttp } from "../../targets/lambda/http-handle.ts";
import { v1Event, v2Event } from "../support/lambda-events.ts";

const bytes = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const bodiless = (headers: Record<string, string> = {}) =>
  new Request("https://abc.example/api/messages?x=1", { method: "POST", headers });

describe("eventBodyRequest", () => {
  it("is a Request with the event's url, method and headers, and the body's length", () => {
    const request = eventBodyRequest(bodiless({ "content-type": "application/json" }), bytes("{}"));
    expect(request).toBeInstanceOf(Request);
    expect(request.url).toBe("https://abc.example/api/messages?x=1");
    expect(request.method).toBe("POST");
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(request.headers.get("content-length")).toBe("2");
    expect(request.bodyUsed).toBe(false);
  });

  it("reads as text, JSON, bytes, an ArrayBuffer and a Blob, as a Request with that body", async () => {
    const body = JSON.stringify({ text: "héllo 👋" });
    const make = () =>
      eventBodyRequest(bodiless({ "content-type": "application/json" }), bytes(body));
    const real = () =>
      new Request("https://abc.example/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    expect(await make().text()).toBe(await real().text());
    expect(await make().json()).toEqual(await real().json());
    expect(await make().bytes()).toEqual(await real().bytes());
    expect(new Uint8Array(await make().arrayBuffer())).toEqual(
      new Uint8Array(await real().arrayBuffer()),
    );
    const blob = await make().blob();
    expect(blob.type).toBe("application/json");
    expect(await blob.text()).toBe(body);
  });

  it("streams its body when asked, and reads form data", async () => {
    const streamed = eventBodyRequest(bodiless(), bytes("exact bytes"));
    expect(await new Response(streamed.body).text()).toBe("exact bytes");
    const form = eventBodyRequest(
      bodiless({ "content-type": "application/x-www-form-urlencoded" }),
      bytes("a=1&b=two"),
    );
    expect((await form.formData()).get("b")).toBe("two");
  });

  it("is read once, as any Request, and a clone reads the same bytes", async () => {
    const request = eventBodyRequest(bodiless(), bytes("once"));
    const copy = request.clone();
    expect(await request.text()).toBe("once");
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
    await expect(request.json()).rejects.toThrow(TypeError);
    await expect(request.formData()).rejects.toThrow(TypeError);
    expect(() => request.clone()).toThrow(TypeError);
    expect(await copy.text()).toBe("once");
  });

  it("gives a copy of its bytes, so a reader's writes do not reach the next clone", async () => {
    const request = eventBodyRequest(bodiless(), bytes("abc"));
    const copy = request.clone();
    const read = await request.bytes();
    read[0] = 0x7a;
    expect(await copy.text()).toBe("abc");
  });
});

describe("handleHttp, hono/aws-lambda's handle with the event's body kept as bytes", () => {
  const app = new Hono<AppEnv>().all("/echo", async (c) =>
    c.json({
      body: await c.req.text(),
      length: c.req.header("content-length") ?? null,
      sameEvent: (c.env as { event?: unknown }).event === sent,
    }),
  );
  const http = handleHttp(app);
  let sent: object | undefined;
  const send = async (event: object) => {
    sent = event;
    const result = (await http(event as never, {} as never)) as {
      statusCode: number;
      body: string;
    };
    return { status: result.statusCode, body: result.body };
  };

  it("gives the app the body, its length and the event as it came", async () => {
    const answer = await send(v2Event({ method: "POST", path: "/echo", body: "plain text body" }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      body: "plain text body",
      length: "15",
      sameEvent: true,
    });
  });

  it("decodes a base64 body", async () => {
    const answer = await send(
      v1Event({ method: "PUT", path: "/echo", body: new TextEncoder().encode("bytes ✓") }),
    );
    expect(JSON.parse(answer.body)).toMatchObject({ body: "bytes ✓", sameEvent: true });
  });

  it("leaves to hono what hono refuses: a GET with a body, a body that is not base64", async () => {
    for (const event of [
      v2Event({ method: "GET", path: "/echo", body: "a GET body" }),
      {
        ...v2Event({ method: "POST", path: "/echo", body: "x" }),
        body: "%%%",
        isBase64Encoded: true,
      },
    ]) {
      const ours = await send(event);
      const hono = (await handle(app)(event as never, {} as never)) as { statusCode: number };
      expect(ours.status).toBe(hono.statusCode);
      expect(ours.status).toBeGreaterThanOrEqual(400);
    }
  });
});
