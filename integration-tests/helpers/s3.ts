import {
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

// s3rver ships no types of its own that fit; what the tests use of it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require("s3rver") as new (options: Record<string, unknown>) => {
  middleware: ((ctx: any, next: () => Promise<void>) => Promise<void>)[]
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
}

export type S3Server = {
  endpoint: string
  bucket: string
  client: S3Client
  /** Every upload the server received: its key and the ACL it asked for. */
  uploads: { key: string; acl: string | null }[]
  /** Keys in the bucket now. */
  keys(): Promise<string[]>
  /** An object's bytes through a signed request (as the store's credentials would read it). */
  object(key: string): Promise<Buffer | null>
  close(): Promise<void>
}

/**
 * A real S3-compatible server for the File Module tests (s3rver, on a free port on loopback,
 * files in a temporary folder), holding one private bucket. s3rver implements no bucket policy:
 * it answers anonymous reads. A bucket of S3 answers them 403 AccessDenied unless it was made
 * public (Block Public Access is on by default), so this server is given that default, one
 * middleware in front of s3rver's own: a request that carries no signature (no Authorization
 * header, no X-Amz-Algorithm or Signature query) is refused 403. It also records the ACL each
 * upload asked for. s3rver does not verify V4 signatures (any signed request of a known key
 * passes), so what these tests prove is "no signature, no file", not that a forged one fails.
 */
export async function startS3(bucket = "labels"): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "shipping-services-s3-"))
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const uploads: S3Server["uploads"] = []
  server.middleware.unshift(async (ctx, next) => {
    const signed =
      "authorization" in ctx.headers ||
      "X-Amz-Algorithm" in ctx.query ||
      "Signature" in ctx.query
    if (!signed) {
      ctx.status = 403
      ctx.type = "application/xml"
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>'
      return
    }
    if (ctx.method === "PUT")
      uploads.push({
        key: decodeURIComponent(ctx.path.replace(`/${bucket}/`, "")),
        acl: ctx.get("x-amz-acl") || null,
      })
    await next()
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  })
  return {
    endpoint,
    bucket,
    client,
    uploads,
    async keys() {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket })
      )
      return (listed.Contents ?? []).map((o) => o.Key as string).sort()
    },
    async object(key) {
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key })
        )
        return Buffer.from(await res.Body!.transformToByteArray())
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null
        throw error
      }
    },
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
