import type { ObjectId } from 'mongodb';

/** A review as stored; its own file so the repository and the verification share it. */
export interface ReviewDoc {
  _id: ObjectId;
  review: string;
  ratings: number;
  authorEmail: string;
  authorName: string;
  toolId?: ObjectId;
  verified?: boolean;
  hidden?: boolean;
  createdAt: Date;
}
