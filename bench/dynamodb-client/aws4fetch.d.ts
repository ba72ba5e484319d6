// The part of aws4fetch's types fetch-client.ts uses, for a checkout where this folder's
// install has not run (the installed package's own types win where it has).
declare module "aws4fetch" {
  export class AwsClient {
    constructor(options: {
      accessKeyId: string;
      secretAccessKey: string;
      sessionToken?: string;
      service?: string;
      region?: string;
      retries?: number;
    });
    fetch(input: string | Request, init?: RequestInit): Promise<Response>;
  }
}
