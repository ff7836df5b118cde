import CLibGPS
