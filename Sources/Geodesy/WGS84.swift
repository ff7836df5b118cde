public enum WGS84 {}
