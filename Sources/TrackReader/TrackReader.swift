import TrackModel
